/** The game's public API: rounds, the task base and its authoring, and dealing tasks (olympiads use it). */
export { taskAdminRoutes } from './admin-routes.js';
export { TaskAuthoring } from './authoring.js';
export { gameRoutes } from './routes.js';
export {
  type DealtTask,
  deal,
  GameService,
  isLate,
  readTaskFolder,
  saveTasks,
  scoreDealt,
  tasksById,
} from './service.js';

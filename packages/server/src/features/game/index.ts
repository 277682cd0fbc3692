/** The game's public API: rounds, «Повторення», the task base and its authoring, and dealing tasks (olympiads use it). */
export { taskAdminRoutes } from './admin-routes.js';
export { TaskAuthoring } from './authoring.js';
export {
  noteMistakes,
  type RepetitionQuestion,
  RepetitionService,
  selfTestMistake,
  taskMistakes,
} from './repetition.js';
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

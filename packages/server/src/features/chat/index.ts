/** The course chat's public API. */
export { canModerateRooms } from './policy.js';
export { chatMessagesForExport, moveRoom } from './repo.js';
export { chatRoutes } from './routes.js';
export { ChatService } from './service.js';
export { chatEvents } from './socket.js';

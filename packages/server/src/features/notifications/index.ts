/** Notifications' public API. Web Push (this part): the channel, the subscriptions and their routes. */
export { MAX_PUSH_SUBSCRIPTIONS, PushChannel, type PushDelivery, PushSubscriptions } from './push.js';
export { pushRoutes } from './push-routes.js';

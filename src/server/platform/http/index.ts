// The pipeline's public face for the function files. Every function needs createHandler, which
// loads every part below anyway, so this re-export adds nothing to a function's bundle.
// The text schema's side effect (zod's Norwegian issue texts) comes first, as in router.ts.
import '../../../schemas/text';

export { isSameOrigin, isUserNavigation } from './access';
export { forbidden, HttpError, httpErrorFromDomain, httpMessages, invalidRequest, type Issue, notFound, unauthorized } from './errors';
export { json, pageResponse, redirect, signOutPage } from './responses';
export {
  type Access,
  type FunctionContext,
  type Method,
  type Role,
  route,
  type RouteContext,
  type RouteDefinition,
  type Routes,
  type WebhookContext,
} from './route';
export { createHandler } from './router';
export { type WebhookDefinition, webhookRoute } from './webhook';

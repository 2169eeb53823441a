// The pipeline's public face for the function files. Every function needs createHandler, which
// loads every part below anyway, so this re-export adds nothing to a function's bundle.
// The text schema's side effect (zod's Norwegian issue texts) comes first, as in router.ts.
import '../../../schemas/text';

export { isUserNavigation } from './access';
export { HttpError, httpErrorFromDomain, httpMessages, invalidRequest, notFound } from './errors';
export { json, redirect, signOutPage } from './responses';
export { type FunctionContext, route, type Routes } from './route';
export { createHandler } from './router';
export { webhookRoute } from './webhook';

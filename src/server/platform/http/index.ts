// Every function needs createHandler, which loads every part below anyway; the text schema's side effect comes first.
import '../../../schemas/text';

export { isUserNavigation } from './access';
export { HttpError, httpErrorFromDomain, httpMessages, invalidRequest, notFound } from './errors';
export { json, redirect, signOutPage } from './responses';
export { type FunctionContext, route, type Routes } from './route';
export { createHandler } from './router';
export { webhookRoute } from './webhook';

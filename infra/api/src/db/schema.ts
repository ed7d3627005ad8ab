// The whole data model of both spec documents, in parts (issue 26: no file over 400 lines).
export * from './schema/core';
export * from './schema/money';
export * from './schema/activity';
export * from './schema/platform';
export * from './schema/sandboxes';
export * from './schema/calendars';
export * from './schema/extensions';
export * from './schema/operator';
export * from './schema/saved';

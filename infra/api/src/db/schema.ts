// The whole data model of both spec documents, in parts (issue 26: no file over 400 lines).
export * from './schema/core';
export * from './schema/activity';
export * from './schema/sandboxes';
export * from './schema/operator';

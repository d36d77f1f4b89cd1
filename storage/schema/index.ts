export * from './directory';
export * from './community';
export * from './metrics';
export * from './content';
export * from './commerce';
export * from './auth';
export * from './jobs';
export * from './drafts';

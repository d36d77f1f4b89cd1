// Actor lives in domain/ because auth builds it and tools read it; neither imports the other for it.
export * from '../domain/actor';

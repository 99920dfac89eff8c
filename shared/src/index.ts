export * from './constants';
export * from './messages';
export * from './auth';
export * from './user';
export * from './api';

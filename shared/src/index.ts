export * from './constants';
export * from './messages';
export * from './auth';
export * from './user';
export * from './api';
export * from './exams';
export * from './examTime';
export * from './cardActions';

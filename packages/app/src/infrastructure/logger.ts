export type { Logger } from 'pino';

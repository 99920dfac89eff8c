import { ApiError } from '../../api/http';
import { msg } from '../../i18n/messages';

/** Another teacher saved the answer after this one read it: the server refused the stale save. */
export const isMarkedMeanwhile = (error: unknown) => error instanceof ApiError && error.status === 409;

/** The catalogue's words for it, in the language on screen. */
export const markedMeanwhileText = () => msg('marking.markedMeanwhile');

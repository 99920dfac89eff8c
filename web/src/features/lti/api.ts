import type { AuthPayload, LoginInput, LtiDeepLinkingAnswer, LtiDeepLinkingContext, LtiLaunchTarget, User } from '@exam/shared';
import { http } from '../../api/http';

/** A launch's session: the user and access token a sign-in gives, and what the launch opens. */
export interface LtiSession {
  user: User;
  accessToken: string;
  target: LtiLaunchTarget;
}

/** The calls of a launch from the LMS (docs/lti.md). */
export const ltiApi = {
  /** Trades the launch's one-use ticket (from /lti/start's fragment) for a session. */
  session: (ticket: string) => http.post<LtiSession>('/lti/session', { ticket }).then((r) => r.data),
  deepLinking: () => http.get<LtiDeepLinkingContext>('/lti/deep-linking').then((r) => r.data),
  /** The signed answer for the picked exam, and where the LMS wants it posted. */
  respond: (examId: string) => http.post<LtiDeepLinkingAnswer>('/lti/deep-linking/response', { examId }).then((r) => r.data),
  /** The picker goes on in the teacher's own account (e-mail and password), which the LMS identity opens from then on. */
  linkAccount: (input: LoginInput) => http.post<AuthPayload>('/lti/deep-linking/account', input).then((r) => r.data),
};

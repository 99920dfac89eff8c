import { msg } from '../../i18n/messages';
import { useMutation } from '@tanstack/react-query';
import { errorMessage, messageFromServer } from '../../api/http';
import { notifyError, notifySuccess } from '../../lib/notify';
import { authApi } from '../../api/auth';

/**
 * Mails the signed-in user a new verification link and says so in a toast; a refusal (the
 * one-a-minute limit) toasts the server's words, e.g. the rate-limit text.
 */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => authApi.resendVerification(),
    onSuccess: ({ message }) => notifySuccess(message ?? msg('common.verificationSent')),
    onError: (error) => notifyError(messageFromServer(error, errorMessage(error))),
  });
}

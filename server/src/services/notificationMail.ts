import { notificationText, wantsEmail, type Notification } from '@exam/shared';
import type { Deps } from '../deps';
import { linkMail } from './mail';
import { translate } from '../i18n/translator';
import type { NotificationRow } from '../presenters/notification';
import type { Recipients } from './settings';
import { inSlices } from './slices';

/** Notifications mailed between turns of the event loop: 5,000 results of one deadline are a few seconds of work. */
const MAIL_SLICE = 100;

/**
 * E-mails the notifications whose users want that kind by e-mail: emailNotifications on, and the
 * kind's own switch (results, exam reminders, system updates). Each mail links to what the
 * notification points at, in the recipient's language (`shown`: the notification as its reader
 * sees it in the app). The mails are written a slice at a time, so a deadline that grades a
 * whole school never holds the sockets of those still sitting an exam.
 */
export async function mailNotifications(deps: Deps, notifications: { row: NotificationRow; shown: Notification }[], recipients: Recipients): Promise<void> {
  const wanted = notifications.filter(({ row }) => wantsEmail(recipients.get(row.user_id)!.settings, row.type));
  await inSlices(wanted, MAIL_SLICE, (slice) => {
    for (const { row, shown } of slice) {
      const { settings, address: user } = recipients.get(row.user_id)!;
      // A deactivated account is not written to.
      if (!user) continue;
      const { preferences } = settings;
      const language = preferences.language;
      deps.mailer.sendInBackground(
        linkMail({
          to: user.email,
          name: user.first_name,
          language,
          link: `${deps.config.publicUrl}${row.action_url ?? '/notifications'}`,
          texts: {
            subject: shown.title,
            // Times in the recipient's own zone, formats and language.
            intro: notificationText(shown, preferences),
            action: translate(language, row.type === 'result' ? 'emails:notification.viewResult' : 'emails:notification.open'),
            outro: translate(language, 'emails:notification.outro'),
          },
        }),
      );
    }
  });
}

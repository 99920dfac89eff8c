import { notificationText, wantsEmail, type Notification, type UserSettings } from '@exam/shared';
import type { Deps } from '../deps';
import { linkMail } from './mail';
import { translate } from '../i18n/translator';
import type { NotificationRow } from '../presenters/notification';
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
export async function mailNotifications(deps: Deps, notifications: { row: NotificationRow; shown: Notification }[], settings: Map<string, UserSettings>): Promise<void> {
  const wanted = notifications.filter(({ row }) => wantsEmail(settings.get(row.user_id)!, row.type));
  if (!wanted.length) return;
  const users = new Map(
    ((await deps.db('users').whereIn('id', [...new Set(wanted.map(({ row }) => row.user_id))]).where('is_active', true).select('id', 'email', 'first_name')) as {
      id: string;
      email: string;
      first_name: string;
    }[]).map((u) => [u.id, u]),
  );
  await inSlices(wanted, MAIL_SLICE, (slice) => {
    for (const { row, shown } of slice) {
      const user = users.get(row.user_id);
      if (!user) continue;
      const { preferences } = settings.get(row.user_id)!;
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

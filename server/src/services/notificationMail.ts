import { notificationText, wantsEmail, type UserSettings } from '@exam/shared';
import type { Deps } from '../deps';
import { linkMail } from './mail';
import { translate } from '../i18n/translator';
import { presentNotification, type NotificationRow } from '../presenters/notification';

/**
 * E-mails the notifications whose users want that kind by e-mail: emailNotifications on, and the
 * kind's own switch (results, exam reminders, system updates). Each mail links to what the
 * notification points at, in the recipient's language.
 */
export async function mailNotifications(deps: Deps, rows: NotificationRow[], settings: Map<string, UserSettings>): Promise<void> {
  if (!rows.length) return;
  const wanted = rows.filter((r) => wantsEmail(settings.get(r.user_id)!, r.type));
  if (!wanted.length) return;
  const users = new Map(
    ((await deps.db('users').whereIn('id', [...new Set(wanted.map((r) => r.user_id))]).where('is_active', true).select('id', 'email', 'first_name')) as {
      id: string;
      email: string;
      first_name: string;
    }[]).map((u) => [u.id, u]),
  );
  for (const row of wanted) {
    const user = users.get(row.user_id);
    if (!user) continue;
    const { preferences } = settings.get(row.user_id)!;
    const language = preferences.language;
    const shown = presentNotification(row, language);
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
}

import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { ActionLink, MailLayout, styles } from './layout';
import { countOf } from '../../../lib/format';

export interface LearningReminderProps {
  firstName: string;
  courseTitle: string;
  completedLessons: number;
  totalLessons: number;
  /** Null when every lesson is done but the course is not. */
  nextLessonTitle: string | null;
  nextLessonUrl: string;
  unsubscribeUrl: string;
  oneClickUnsubscribeUrl: string;
}

export const learningReminderSubject = ({ courseTitle }: LearningReminderProps) => `Fortsett der du slapp: ${courseTitle}`;

/** RFC 2369 and RFC 8058: the mail program's own unsubscribe button. */
export const learningReminderHeaders = ({ oneClickUnsubscribeUrl }: LearningReminderProps) => ({
  'List-Unsubscribe': `<${oneClickUnsubscribeUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

const percent = (done: number, total: number) => (total > 0 ? Math.round((100 * done) / total) : 0);

export function LearningReminder(props: LearningReminderProps) {
  const { firstName, courseTitle, completedLessons, totalLessons, nextLessonTitle, nextLessonUrl, unsubscribeUrl } = props;
  return (
    <MailLayout preview={`Du er ${percent(completedLessons, totalLessons)} % gjennom ${courseTitle}.`}>
      <Heading style={styles.heading}>Fortsett der du slapp</Heading>
      <Text style={styles.text}>Hei {firstName},</Text>
      <Text style={styles.text}>
        Det er en uke siden sist du var innom {courseTitle}. Du har fullført {completedLessons} av {countOf(totalLessons, 'leksjon', 'leksjoner')} (
        {percent(completedLessons, totalLessons)} %).
      </Text>
      {nextLessonTitle && <Text style={styles.text}>Neste leksjon er «{nextLessonTitle}».</Text>}
      <ActionLink href={nextLessonUrl} label={nextLessonTitle ? 'Gå til neste leksjon' : 'Fortsett kurset'} />
      <Text style={styles.muted}>
        Du får denne påminnelsen høyst én gang i uken når du har et kurs du ikke har fullført.{' '}
        <Link href={unsubscribeUrl} style={styles.link}>
          Meld deg av påminnelser
        </Link>{' '}
        med ett klikk, eller endre valget under Min konto.
      </Text>
    </MailLayout>
  );
}

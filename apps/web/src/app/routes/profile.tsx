import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { selectAuth, setProfileImage } from '../../features/auth/slice.ts';
import { ExamPhotosResume } from '../../features/exam/components/exam-photos-resume.tsx';
import { AccountSecurity } from '../../features/profile/components/account-security.tsx';
import { EmailVerificationNotice } from '../../features/profile/components/email-verification-notice.tsx';
import { NoticesCard } from '../../features/profile/components/notices-card.tsx';
import { ProfileCard } from '../../features/profile/components/profile-card.tsx';
import {
  FinalExamCard,
  RegistrationCard,
} from '../../features/registration/components/registration-card.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * /profile: the organisers' unread notices, the profile card, the link to the e-books, the registration and exam cards, and the password and
 * signed-in devices (loaded as the student scrolls to them). The
 * route composes the features: a new photo also goes to the auth state (the navigation bar's avatar).
 */
export function Component() {
  const { t } = useTranslation('profile');
  const dispatch = useDispatch();
  const { user } = useSelector(selectAuth);
  const email = user?.email;
  useDocumentTitle(t('title'));
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-16">
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">{t('title')}</h1>
      <div className="space-y-6">
        {user?.email_verified === false ? <EmailVerificationNotice email={user.email} /> : null}
        <NoticesCard />
        <ProfileCard onPhotoChanged={(profileImage) => dispatch(setProfileImage(profileImage))} />
        <Link
          to={paths.myPdfs}
          className="flex items-center justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-sky-300 focus-visible:outline-2 focus-visible:outline-sky-500"
        >
          <span>
            <span className="block font-semibold text-slate-900">{t('myPdfs')}</span>
            <span className="block text-sm text-slate-600">{t('myPdfsText')}</span>
          </span>
          <svg
            viewBox="0 0 20 20"
            className="size-5 shrink-0 text-sky-700"
            fill="currentColor"
            aria-hidden="true"
          >
            <path d="M7.3 4.3a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4-1.4L11.6 10 7.3 5.7a1 1 0 0 1 0-1.4Z" />
          </svg>
        </Link>
        <RegistrationCard email={email} />
        <FinalExamCard />
        {user ? <ExamPhotosResume userId={user.id} /> : null}
        <AccountSecurity email={email} />
      </div>
    </section>
  );
}

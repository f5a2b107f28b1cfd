import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

/**
 * The password form and the device list are chunks of their own: a phone opening its profile downloads
 * them only when this section comes near the screen (the device list is fetched then too), or when
 * Change Password is pressed.
 */
const loadPasswordModal = () => import('./change-password-modal.tsx');
const loadDevices = () => import('./signed-in-devices.tsx');
const ChangePasswordModal = lazy(() =>
  loadPasswordModal().then((module) => ({ default: module.ChangePasswordModal })),
);
const SignedInDevices = lazy(() => loadDevices().then((module) => ({ default: module.SignedInDevices })));

/** True once the element is within a screen's height of the viewport (at once where that cannot be told). */
function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}

function Loading() {
  const { t } = useTranslation('profile');
  return (
    <p role="status" className="flex items-center gap-3 text-sm text-slate-700">
      <Spinner className="size-4 text-sky-600" />
      {t('devices.loading')}
    </p>
  );
}

/** Password and devices on /profile: Change Password, and the signed-in devices. */
export function AccountSecurity({ email }: { email?: string }) {
  const { t } = useTranslation('profile');
  const headingId = useId();
  const [ref, near] = useNearViewport<HTMLElement>();
  const [changing, setChanging] = useState(false);

  useEffect(() => {
    if (near) void loadPasswordModal().catch(() => undefined);
  }, [near]);

  return (
    <section
      ref={ref}
      aria-labelledby={headingId}
      data-testid="account-security"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {t('security.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('security.text')}</p>
        </div>
        <Button variant="secondary" className="shrink-0" onClick={() => setChanging(true)}>
          {t('changePassword')}
        </Button>
      </div>
      <div className="mt-5 border-t border-slate-100 pt-5">
        {near ? (
          <Suspense fallback={<Loading />}>
            <SignedInDevices />
          </Suspense>
        ) : (
          <Loading />
        )}
      </div>
      {changing ? (
        <Suspense fallback={null}>
          <ChangePasswordModal open onClose={() => setChanging(false)} email={email} />
        </Suspense>
      ) : null}
    </section>
  );
}

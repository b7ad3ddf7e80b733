import { Link } from 'react-router';
import { CREDIT_PACKS, EventType, Role, type CreditPack } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { useSessionUser } from '../../api/auth';
import type { SignInState } from '../../app/RequireAccess';
import { landingTexts } from '../../i18n/pages/landing';
import { addPageTexts } from '../../i18n/lazy';

addPageTexts('landing', landingTexts);

/** Spec §2 Landing page: where the Dashboard link goes for each role (no user: sign in). */
const DASHBOARD_BY_ROLE: Record<Role, string> = {
  [Role.Owner]: '/admin',
  [Role.ServiceProvider]: '/events',
  [Role.Customer]: '/events',
  [Role.Guest]: '/dashboard',
};

const FEATURES = ['noApp', 'media', 'moderation', 'live', 'keepsake'] as const;
const EVENT_TYPES = [EventType.Wedding, EventType.Memorial, EventType.General] as const;
const STEPS = ['create', 'invite', 'share', 'show'] as const;

/** The public front page, without the top bar. Plain markup and CSS only: guests may land here first. */
export function LandingPage() {
  const { t } = useTranslation();
  const { user } = useSessionUser();
  const registerState: SignInState = { tab: 'register' };

  return (
    <div className="landing">
      <header className="landing-header">
        <span className="brand">{t('common.brand')}</span>
        <div className="actions">
          <Link to={user ? DASHBOARD_BY_ROLE[user.role] : '/signin'} className="button button-secondary">
            {t('landing.dashboard')}
          </Link>
          <Link to="/signin" className="button button-secondary">
            {t('common.signIn')}
          </Link>
          <Link to="/signin" state={registerState} className="button">
            {t('landing.register')}
          </Link>
        </div>
      </header>

      <main>
        <section className="hero">
          <h1>{t('landing.title')}</h1>
          <p>{t('landing.subtitle')}</p>
          {/* A guest who was given a code lands here too: one tap to where it is typed. */}
          <Link to="/event-code" className="button hero-cta">
            {t('landing.enterCode')}
          </Link>
        </section>

        <section className="landing-section" aria-labelledby="landing-features">
          <h2 id="landing-features">{t('landing.featuresTitle')}</h2>
          <ul className="tiles tiles-narrow">
            {FEATURES.map((key) => (
              <li key={key} className="tile">
                <h3>{t(`landing.features.${key}.title`)}</h3>
                <p>{t(`landing.features.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="landing-section" aria-labelledby="landing-event-types">
          <h2 id="landing-event-types">{t('landing.eventTypesTitle')}</h2>
          <ul className="tiles">
            {EVENT_TYPES.map((type) => (
              <li key={type} className={`tile tile-${type}`}>
                <h3>{t(`landing.eventTypes.${type}.title`)}</h3>
                <p>{t(`landing.eventTypes.${type}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="landing-section" aria-labelledby="landing-how">
          <h2 id="landing-how">{t('landing.howTitle')}</h2>
          <ol className="tiles steps">
            {STEPS.map((key) => (
              <li key={key} className="tile">
                <h3>{t(`landing.steps.${key}.title`)}</h3>
                <p>{t(`landing.steps.${key}.text`)}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className="landing-section" aria-labelledby="landing-pricing">
          <h2 id="landing-pricing">{t('landing.pricingTitle')}</h2>
          <p className="muted">{t('landing.pricingIntro')}</p>
          <ul className="tiles">
            {CREDIT_PACKS.map((pack) => (
              <PackCard key={pack.id} pack={pack} />
            ))}
          </ul>
        </section>
      </main>
    </div>
  );
}

function PackCard({ pack }: { pack: CreditPack }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <li
      className={['tile', 'pack', pack.mostPopular && 'pack-popular'].filter(Boolean).join(' ')}
      aria-label={pack.name}
    >
      {pack.mostPopular && <span className="badge badge-live">{t('landing.mostPopular')}</span>}
      <h3>{pack.name}</h3>
      <p className="pack-price">{t('landing.perCredit', { price: format.money(pack.pricePerCredit) })}</p>
      <p>{t('landing.total', { price: format.money(pack.price) })}</p>
      <p>{t('landing.credits', { count: pack.credits })}</p>
      {pack.savingsPercent > 0 && (
        <p className="pack-savings">{t('landing.savings', { percent: pack.savingsPercent })}</p>
      )}
      <Link to="/signin" state={{ tab: 'register' } satisfies SignInState} className="button">
        {t('landing.getStarted')}
      </Link>
    </li>
  );
}

import { useTranslation } from '../../i18n';
import { useGetOutboxMailQuery } from '../../api/admin';
import { Spinner } from '../../components/ui/Spinner';
import { adminTexts } from '../../i18n/pages/admin';
import { addPageTexts } from '../../i18n/lazy';
import { LoadError } from '../credits/ui';

addPageTexts('admin', adminTexts);

/** /admin/mail: the mail kept in the local outbox (no SMTP_URL), for the owner to read. */
export function MailOutboxPage() {
  const { t, language } = useTranslation();
  const time = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const { data, isLoading, isError, refetch } = useGetOutboxMailQuery();

  let body;
  if (isLoading) body = <Spinner />;
  else if (isError || !data)
    body = (
      <LoadError message={t('admin.mailLoadFailed')} retryLabel={t('admin.retry')} onRetry={() => void refetch()} />
    );
  else if (!data.mails.length) body = <p className="muted">{t('admin.mailEmpty')}</p>;
  else
    body = (
      <ul className="mail-list">
        {data.mails.map((mail) => (
          <li key={mail.id}>
            <details>
              <summary>
                <strong>{mail.subject}</strong>
                <span className="muted">
                  {' '}
                  · {t('admin.mailTo')}: {mail.to} ·{' '}
                  <time dateTime={mail.createdAt}>{time.format(new Date(mail.createdAt))}</time>
                </span>
              </summary>
              <pre aria-label={t('admin.mailBody')} className="mail-body">
                {mail.text}
              </pre>
            </details>
          </li>
        ))}
      </ul>
    );

  return (
    <main className="page cr-page cr-wide">
      <header className="cr-header">
        <h1>{t('admin.mailTitle')}</h1>
        <p className="muted">{data?.smtpConfigured ? t('admin.mailSmtp') : t('admin.mailIntro')}</p>
      </header>
      {body}
    </main>
  );
}

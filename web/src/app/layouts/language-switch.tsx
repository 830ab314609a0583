import { Link, useLocation } from 'react-router';
import { otherLanguagePath, useI18n } from '../../lib/i18n';
import { rememberLocale } from '../../lib/i18n/preference';

/**
 * The language switch (header and footer, docs/i18n.md): a plain link to this page in the other
 * language, query kept, so it works before JavaScript; a tap remembers the choice (cookie, and
 * the profile when signed in: lib/i18n/preference.ts).
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { pathname, search, hash } = useLocation();
  const { t } = useI18n();
  const other = otherLanguagePath(pathname, search, hash);
  const lang = other.locale;
  return (
    <Link
      to={other.to}
      className={className}
      lang={lang}
      hrefLang={lang}
      aria-label={t('layout.switchToLabel')}
      title={t('layout.switchToLabel')}
      data-language-switch={lang}
      onClick={() => rememberLocale(lang)}
    >
      {t('layout.switchTo')}
    </Link>
  );
}

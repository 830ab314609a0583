import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { SearchBox } from '../../features/catalog/components/search-box';
import { useI18n, type MessageKey } from '../../lib/i18n';
import { LanguageSwitch } from './language-switch';
import { CATEGORY_LINKS } from './nav-links';
import classes from './shop-layout.module.css';

const MENU_LINKS: { to: string; label: MessageKey }[] = [
  ...CATEGORY_LINKS,
  { to: '/cart', label: 'layout.cart' },
  { to: '/orders', label: 'layout.orders' },
  { to: '/wishlist', label: 'layout.wishlist' },
  { to: '/profile', label: 'layout.profile' },
];

export const MENU_ID = 'mobile-menu';

/**
 * The menu below 768 px (docs/decisions/0036-what-hydrates-when.md): a native popover, drawn by
 * the server and opened by the header's button (`popovertarget`) without any JavaScript: it
 * works before the app runs, while it hydrates and after. Escape and a tap outside close it (the
 * browser's light dismiss); once the app runs, a move to another page closes it too.
 */
export function MobileMenu() {
  const location = useLocation();
  const { t, path } = useI18n();
  const menu = useRef<HTMLDivElement>(null);
  const from = `${location.pathname}${location.search}`;
  useEffect(() => {
    const el = menu.current;
    if (el?.matches(':popover-open')) el.hidePopover();
  }, [location.key]);
  const close = () => {
    const el = menu.current;
    if (el?.matches(':popover-open')) el.hidePopover();
  };
  return (
    <div ref={menu} id={MENU_ID} popover="auto" role="dialog" aria-labelledby={`${MENU_ID}-title`} className={classes.menu}>
      <div className={classes.menuHeader}>
        <h2 id={`${MENU_ID}-title`} className={classes.menuTitle}>
          Bagshop
        </h2>
        <button
          type="button"
          className={classes.menuClose}
          popoverTarget={MENU_ID}
          popoverTargetAction="hide"
          aria-label={t('layout.closeMenu')}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div className={classes.menuSearch}>
        <SearchBox id="menu-search" onDone={close} />
      </div>
      <nav aria-label={t('layout.menu')} className={classes.menuLinks}>
        {MENU_LINKS.map((link) => (
          <NavLink
            key={link.to}
            to={path(link.to)}
            state={link.to === '/profile' ? { from } : undefined}
            className={classes.drawerLink}
            onClick={close}
          >
            {t(link.label)}
          </NavLink>
        ))}
        <LanguageSwitch className={classes.drawerLink} />
      </nav>
    </div>
  );
}

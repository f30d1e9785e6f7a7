import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { logOut as endSession } from '../../features/session/sign-in.ts';

/** The menu's pages, in order; Log out follows them. */
const MENU_LINKS = [
  { to: '/account', label: 'Account' },
  { to: '/account/orders', label: 'Orders' },
  { to: '/other/my-business-account', label: 'Business account' },
  { to: '/other/my-employer-account', label: 'Employer' },
] as const;

function storedFirstName(): string | null {
  try {
    return localStorage.getItem('name')?.split(' ')[0] || null;
  } catch {
    return null;
  }
}

/**
 * The signed-in person's menu (WAI-ARIA menu button): the button names the account, Enter, Space
 * or ArrowDown open it on the first item, arrows move, Escape and Tab close it, and a click
 * outside closes it too. Log out ends the session on the server, clears it here and goes home.
 */
export function AccountMenu({ firstName }: { firstName: string | null }) {
  const navigate = useNavigate();
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLElement | null)[]>([]);
  const name = firstName ?? storedFirstName() ?? 'Account';

  const focusItem = (index: number) => items.current[(index + items.current.length) % items.current.length]?.focus();

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    focusItem(0);
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const index = items.current.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.current.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      focusItem(moves[event.key]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation(); // the header's own Escape handler must not also close the mobile menu
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const logOut = async () => {
    setOpen(false);
    await endSession();
    navigate('/', { replace: true });
  };

  return (
    <div className="account-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="site-header__account account-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        // Starts with the visible text, the name, so "click Ada" works by voice (WCAG 2.5.3).
        aria-label={`${name}, account menu`}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKeyDown}
      >
        <span className="account-menu__avatar" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <span className="account-menu__name">{name}</span>
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" className="account-menu__chevron">
          <path d="M3 4.5 6 7.5 9 4.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {open && (
        <div id={menuId} role="menu" aria-label="Account" className="account-menu__list" onKeyDown={onMenuKeyDown}>
          {MENU_LINKS.map((link, index) => (
            <Link
              key={link.to}
              ref={(element) => {
                items.current[index] = element;
              }}
              role="menuitem"
              tabIndex={-1}
              to={link.to}
              className="account-menu__item"
              onClick={() => setOpen(false)}
            >
              {link.label}
            </Link>
          ))}
          <button
            ref={(element) => {
              items.current[MENU_LINKS.length] = element;
            }}
            role="menuitem"
            tabIndex={-1}
            type="button"
            className="account-menu__item"
            onClick={() => void logOut()}
          >
            Log out
          </button>
        </div>
      )}
    </div>
  );
}

import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useI18n } from '../../../lib/i18n';
import { searchPath } from '../api/search-api';
import classes from './search-box.module.css';
import type { SuggestionsHandle, SuggestionsProps } from './search-suggestions';

type Suggestions = ComponentType<SuggestionsProps & { ref: React.Ref<SuggestionsHandle> }>;

let loading: Promise<Suggestions> | null = null;
/** The suggestions (results as you type) load when a search box is first focused. */
function loadSuggestions(): Promise<Suggestions> {
  loading ??= import('./search-suggestions').then((m) => m.default as Suggestions);
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

export interface SearchBoxProps {
  /** Unique per box on the page (the header's, the menu's, the search page's). */
  id: string;
  initialValue?: string;
  /** After a result or the search page was opened (e.g. to close the mobile menu). */
  onDone?: () => void;
  autoFocus?: boolean;
  /** The search landmark's name (distinct when a page has two boxes). */
  label?: string;
}

/**
 * The search field: a combobox (WAI-ARIA 1.2 pattern, list autocomplete) whose list of
 * results comes from the lazily loaded suggestions. Without them, or with nothing
 * highlighted, Enter opens /search?q=….
 */
export function SearchBox({ id, initialValue = '', onDone, autoFocus = false, label }: SearchBoxProps) {
  const navigate = useNavigate();
  const { t, path } = useI18n();
  const [value, setValue] = useState(initialValue);
  const [Suggestions, setSuggestions] = useState<Suggestions | null>(null);
  const [list, setList] = useState<{ open: boolean; active: string | undefined }>({ open: false, active: undefined });
  const [focused, setFocused] = useState(false);
  const handle = useRef<SuggestionsHandle | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const listId = `${id}-results`;

  const load = () => {
    if (!Suggestions)
      void loadSuggestions().then(
        (component) => setSuggestions(() => component),
        () => undefined,
      );
  };
  // On a server-drawn page the box is there before the app: text typed, or the box focused,
  // before the app took over is the shopper's (docs/decisions/0034-react-router-framework-mode.md). Catch up once.
  useEffect(() => {
    if (!input.current) return;
    if (input.current.value !== value) setValue(input.current.value);
    if (document.activeElement !== input.current) return;
    setFocused(true);
    load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const go = (path: string) => {
    handle.current?.close();
    void navigate(path);
    onDone?.();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (handle.current?.keyDown(event.key)) {
      event.preventDefault();
      return;
    }
    if (event.key === 'Escape' && value !== '') {
      event.preventDefault();
      setValue('');
    }
  };

  return (
    // A real GET form to /search: it works before the app runs (and without JavaScript).
    <form
      role="search"
      action={path('/search')}
      method="get"
      aria-label={label ?? t('search.landmark')}
      className={classes.form}
      onSubmit={(event) => {
        event.preventDefault();
        if (value.trim()) go(path(searchPath(value)));
      }}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className={classes.field}>
        <IconSearch size={18} className={classes.icon} aria-hidden />
        <input
          ref={input}
          id={id}
          className={classes.input}
          type="search"
          name="q"
          role="combobox"
          aria-label={t('search.field')}
          aria-autocomplete="list"
          aria-expanded={list.open}
          aria-controls={list.open ? listId : undefined}
          aria-activedescendant={list.open ? list.active : undefined}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          placeholder={t('search.field')}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onFocus={load}
          onKeyDown={onKeyDown}
          // In the menu drawer, Escape first closes the list, then clears the text, and only then
          // closes the drawer (Mantine's modals skip an Escape from an element marked so).
          data-mantine-stop-propagation={list.open || value !== '' || undefined}
          autoFocus={autoFocus}
        />
      </div>
      {Suggestions && <Suggestions ref={handle} query={value} listId={listId} focused={focused} onListChange={setList} onOpen={go} />}
    </form>
  );
}

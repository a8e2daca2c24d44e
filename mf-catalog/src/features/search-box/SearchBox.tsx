// Header search box with suggestions (spec §2): an ARIA 1.2 combobox over the global search.
// Suggestions from 2 trimmed characters, debounced 300 ms, at most 5 distinct items (the API ranks
// them like the search and forgives typos), each with its picture; arrows move, Enter opens the
// highlighted product's page (or searches the text), Escape closes (and then clears). When a typo was
// read as another word, the list says so and offers the words as typed.
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Picture, CONSTANTS, formatCents, paths, type Product } from '@grocer/shared';
import { literalPath } from '../../lib/literalSearch.ts';
import { useCatalogSuggestionsQuery } from '../../lib/suggestionsApi.ts';
import './SearchBox.css';

const MIN = CONSTANTS.SUGGESTION_MIN_CHARS;
const LIMIT = CONSTANTS.SUGGESTION_LIMIT;

/** Where a suggestion leads: the product's page. */
export function suggestionPath(product: Product): string {
  // A product of an unknown store has no publicId (no product page); searching its name everywhere still finds it.
  return product.store.publicId ? paths.product(product.store.publicId, product.uuid) : paths.search(product.name);
}

export default function SearchBox() {
  const navigate = useNavigate();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [activeUuid, setActiveUuid] = useState<string | null>(null);
  const trimmed = text.trim();

  useEffect(() => {
    const timer = setTimeout(() => setTerm(trimmed), CONSTANTS.SUGGESTION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [trimmed]);

  // Results are cached per term, so a slow answer for an older term can never replace a newer
  // one; `data` keeps the last list on screen while the next term loads (no flicker).
  const { data, currentData, isError } = useCatalogSuggestionsQuery(term, { skip: term.length < MIN });
  // Only this term's answer says what it corrected (an older list may stay on screen meanwhile).
  const corrected = currentData?.showingResultsFor;
  const suggestions = trimmed.length >= MIN && term.length >= MIN && !isError ? (data?.products.slice(0, LIMIT) ?? []) : [];
  const expanded = open && suggestions.length > 0;
  // The highlight follows the product, so a new list never highlights a different one.
  const activeIndex = expanded ? suggestions.findIndex((p) => p.uuid === activeUuid) : -1;

  const close = () => {
    setOpen(false);
    setActiveUuid(null);
  };

  const choose = (product: Product) => {
    close();
    void navigate(suggestionPath(product));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) return;
    close();
    void navigate(paths.search(trimmed));
  };

  const move = (step: 1 | -1) => {
    if (suggestions.length === 0) return;
    setOpen(true);
    const from = expanded ? activeIndex : -1;
    const next = from === -1 ? (step === 1 ? 0 : suggestions.length - 1) : (from + step + suggestions.length) % suggestions.length;
    setActiveUuid(suggestions[next]?.uuid ?? null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'Enter': {
        const product = activeIndex >= 0 ? suggestions[activeIndex] : undefined;
        // Without a highlighted suggestion Enter submits the form (search the text).
        if (product) {
          event.preventDefault();
          choose(product);
        }
        break;
      }
      case 'Escape':
        event.preventDefault();
        if (expanded) close();
        else setText('');
        break;
    }
  };

  return (
    // Named by its label: a page may hold a second search landmark (store, search page).
    <form role="search" className="search-box" aria-labelledby={`${id}-label`} onSubmit={submit}>
      <label id={`${id}-label`} htmlFor={`${id}-input`} className="visually-hidden">
        Search products
      </label>
      <div className="search-box-field">
        <input
          id={`${id}-input`}
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          placeholder="Search products in every store"
          autoComplete="off"
          enterKeyHint="search"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActiveUuid(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
          onFocus={() => setOpen(true)}
        />
        <button type="submit" className="search-box-submit" aria-label="Search">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <circle cx="10.5" cy="10.5" r="6.5" />
            <path d="M15.5 15.5 21 21" />
          </svg>
        </button>
      </div>
      <div className="search-box-popup" hidden={!expanded}>
        {corrected && (
          // Outside the listbox (its children are options); mouse down keeps the input's focus, so the list stays open for the click.
          <p className="search-box-corrected" onMouseDown={(event) => event.preventDefault()}>
            Showing results for <strong>{corrected}</strong>.{' '}
            <Link to={literalPath(paths.search(term))} onClick={close}>
              Search instead for {term}
            </Link>
          </p>
        )}
        <ul id={listboxId} role="listbox" aria-label="Product suggestions" className="search-box-list" hidden={!expanded}>
          {suggestions.map((product, index) => (
            <li
              key={product.uuid}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className="search-box-option"
              // Keeps focus in the input, so the click below still finds the list open.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActiveUuid(product.uuid)}
              onClick={() => choose(product)}
            >
              <Picture className="search-box-option-image" src={product.image} size={40} />
              <span className="search-box-option-name">{product.name}</span>
              <span className="search-box-option-meta">
                {product.store.name} · {formatCents(product.price_cents)}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <p className="visually-hidden" role="status">
        {expanded ? `${suggestions.length} ${suggestions.length === 1 ? 'suggestion' : 'suggestions'} available` : ''}
      </p>
    </form>
  );
}

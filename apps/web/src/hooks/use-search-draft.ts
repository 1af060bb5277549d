import { useState, type FormEvent } from 'react';

/**
 * The text typed into a list's search box, kept apart from the search in the address until it
 * is submitted. A search that arrives from the address (back, a link) replaces what was typed.
 */
export function useSearchDraft(query: string, onSearch: (query: string) => void) {
  const [draft, setDraft] = useState(query);
  const [shownQuery, setShownQuery] = useState(query);
  if (shownQuery !== query) {
    setShownQuery(query);
    setDraft(query);
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    onSearch(draft.trim());
  }

  return { draft, setDraft, handleSubmit };
}

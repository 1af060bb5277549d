import { Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

interface SearchFormProps {
  label: string;
  placeholder: string;
  initialValue: string;
  onSearch: (query: string) => void;
}

/** A labelled search box that searches on Enter or "Search". */
export function SearchForm({ label, placeholder, initialValue, onSearch }: SearchFormProps) {
  const [value, setValue] = useState(initialValue);
  const inputId = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(value.trim());
  }

  return (
    <form role="search" onSubmit={handleSubmit} className="flex flex-1 flex-col gap-2">
      <Label htmlFor={inputId}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          type="search"
          value={value}
          placeholder={placeholder}
          maxLength={200}
          onChange={(event) => setValue(event.target.value)}
        />
        {/* Icon only on a phone, so the box keeps room for its placeholder. */}
        <Button type="submit" variant="outline" className="px-3 sm:px-4">
          <Search aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Search</span>
        </Button>
      </div>
    </form>
  );
}

import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * A search box in the header, leading to the catalog's results (`/products?q=…`). A plain GET
 * form, so it works before the JavaScript has loaded; once it has, the app navigates itself.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    void navigate(q ? `/products?q=${encodeURIComponent(q)}` : '/products');
  };
  return (
    <form role="search" action="/products" method="get" className="site-search" onSubmit={submit}>
      <input type="search" name="q" className="site-search__input" placeholder="Search" aria-label="Search the shop" maxLength={100} />
    </form>
  );
}

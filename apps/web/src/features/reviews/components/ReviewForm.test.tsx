import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, getAllByText, render } from '../../../test/render.tsx';
import { clickAndSettle, typeInto } from '../../../test/input.ts';
import { ReviewForm, type ReviewFormProps } from './ReviewForm.tsx';
import { RatingStars } from './RatingStars.tsx';

function renderForm(props: Partial<ReviewFormProps> = {}) {
  const onSubmit = vi.fn<ReviewFormProps['onSubmit']>().mockResolvedValue(null);
  const view = render(<ReviewForm mode="create" onSubmit={onSubmit} {...props} />);
  const stars = () => [...view.container.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
  const comment = () => view.container.querySelector('textarea')!;
  const submit = () => clickAndSettle(view.container.querySelector('button[type="submit"]')!);
  const errors = () => [...view.container.querySelectorAll('.review-form__error')].map((e) => e.textContent);
  return { ...view, onSubmit: (props.onSubmit as typeof onSubmit | undefined) ?? onSubmit, stars, comment, submit, errors };
}

afterEach(cleanup);

describe('ReviewForm', () => {
  it('offers the rating as five labelled radio buttons in a group, and a labelled comment', () => {
    const { container, stars, comment } = renderForm();
    expect(container.querySelector('fieldset legend')?.textContent).toBe('Your rating');
    expect(stars().map((star) => star.closest('label')?.textContent)).toEqual(['★1 star', '★2 stars', '★3 stars', '★4 stars', '★5 stars']);
    expect(new Set(stars().map((star) => star.name)).size).toBe(1);
    const label = container.querySelector(`label[for="${comment().id}"]`);
    expect(label?.textContent).toBe('Your review');
  });

  it('says what is missing instead of sending: no rating, and a comment under 3 characters', async () => {
    const { submit, comment, errors, onSubmit } = renderForm();
    await submit();
    expect(errors()).toEqual(['Choose a rating from 1 to 5 stars', 'Enter your comment']);
    typeInto(comment(), '  ok  ');
    await submit();
    expect(errors()).toContain('Your comment needs at least 3 characters');
    expect(comment().getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses markup in the comment with the shared text policy', async () => {
    const { stars, comment, submit, errors, onSubmit } = renderForm();
    await clickAndSettle(stars()[3]!);
    typeInto(comment(), 'Nice <b>project</b>');
    await submit();
    expect(errors()).toEqual(['Your comment cannot contain < or >']);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the rating and the trimmed comment', async () => {
    const { stars, comment, submit, onSubmit, errors } = renderForm();
    await clickAndSettle(stars()[4]!);
    typeInto(comment(), '  Clear documentation.  ');
    await submit();
    expect(errors()).toEqual([]);
    expect(onSubmit).toHaveBeenCalledWith({ rating: 5, comment: 'Clear documentation.' });
  });

  it('shows the server’s refusal: per field, or as a message', async () => {
    const byField = renderForm({ onSubmit: vi.fn().mockResolvedValue({ message: 'Please check', fields: { comment: ['Your comment can have at most 2000 characters'] } }) });
    await clickAndSettle(byField.stars()[2]!);
    typeInto(byField.comment(), 'Good enough');
    await byField.submit();
    expect(byField.errors()).toEqual(['Your comment can have at most 2000 characters']);
    cleanup();

    const general = renderForm({ onSubmit: vi.fn().mockResolvedValue({ message: 'You have already reviewed this product for this order' }) });
    await clickAndSettle(general.stars()[2]!);
    typeInto(general.comment(), 'Good enough');
    await general.submit();
    expect(general.errors()).toEqual(['You have already reviewed this product for this order']);
  });

  it('prefills an edit with the review and offers Cancel', async () => {
    const onCancel = vi.fn();
    const { stars, comment, container, submit, onSubmit } = renderForm({ mode: 'edit', initial: { rating: 2, comment: 'Late delivery' }, onCancel });
    expect(container.querySelector('h3')?.textContent).toBe('Edit your review');
    expect(stars()[1]!.checked).toBe(true);
    expect(comment().value).toBe('Late delivery');
    await clickAndSettle(stars()[3]!);
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ rating: 4, comment: 'Late delivery' });
    await clickAndSettle(getAllByText(container, 'Cancel', 'button')[0]!);
    expect(onCancel).toHaveBeenCalled();
  });
});

describe('RatingStars', () => {
  it('says the rating in words and fills the stars to it', () => {
    const { container } = render(<RatingStars rating={3.5} />);
    expect(container.querySelector('.visually-hidden')?.textContent).toBe('3.5 out of 5 stars');
    expect(container.querySelector<HTMLElement>('.rating-stars__fill')?.style.width).toBe('70%');
  });
});

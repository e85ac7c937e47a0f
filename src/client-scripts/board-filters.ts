/**
 * The board's filter island: filters cards by team, project and status and
 * sorts them, in place, keeping the state in the URL so a filtered view can
 * be linked. Progressive enhancement: without scripting, CSS hides the form.
 */
import { pluralText, type PluralForms } from '../site/messages.ts';

const FIELDS = ['team', 'project', 'status', 'sort'] as const;
type Field = (typeof FIELDS)[number];
const SORT_KEYS: Record<string, string> = { upvotes: 'upvotes', importance: 'importance', updated: 'updated' };

const form = document.querySelector<HTMLFormElement>('[data-filters]');
if (form) {
  const select = (name: Field) => form.elements.namedItem(name) as HTMLSelectElement | null;
  const columns = [...document.querySelectorAll<HTMLElement>('[data-column]')];
  const status = form.querySelector<HTMLElement>('[data-filter-status]');
  // Counted messages come as plural forms of the page's translation (src/components/Filters.astro).
  const forms = (json: string | undefined): PluralForms => (json ? (JSON.parse(json) as PluralForms) : { other: '{count}' });
  const showing = forms(form.dataset.showing);
  const issueCount = forms(form.dataset.issueCount);
  const rules = new Intl.PluralRules(form.dataset.pluralLanguage);
  const number = new Intl.NumberFormat(document.documentElement.lang || undefined);

  const apply = () => {
    const team = select('team')?.value ?? '';
    const project = select('project')?.value ?? '';
    const column = select('status')?.value ?? '';
    const sortKey = SORT_KEYS[select('sort')?.value ?? ''];
    let shown = 0;
    let total = 0;
    for (const section of columns) {
      const list = section.querySelector('ul');
      const cards = [...section.querySelectorAll<HTMLElement>('[data-card]')];
      const columnVisible = !column || section.dataset.column === column;
      section.hidden = !columnVisible;
      let visible = 0;
      for (const card of cards) {
        const match = columnVisible && (!team || card.dataset.team === team) && (!project || card.dataset.project === project);
        card.hidden = !match;
        if (match) visible++;
      }
      const value = (card: HTMLElement, key: string) => Number(card.dataset[key] ?? 0);
      cards.sort((a, b) => (sortKey ? value(b, sortKey) - value(a, sortKey) : 0) || value(a, 'order') - value(b, 'order'));
      list?.append(...cards);
      const count = section.querySelector('[data-count]');
      if (count) count.textContent = number.format(visible);
      const countLabel = section.querySelector('[data-count-label]');
      if (countLabel) countLabel.textContent = pluralText(issueCount, visible, rules, number.format(visible));
      shown += visible;
      total += cards.length;
    }
    if (status) status.textContent = pluralText(showing, total, rules, number.format(total), { shown: number.format(shown) });
  };

  const save = () => {
    const params = new URLSearchParams(location.search);
    for (const name of FIELDS) {
      const value = select(name)?.value;
      if (value) params.set(name, value);
      else params.delete(name);
    }
    const query = params.toString();
    history.replaceState(null, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
  };

  const params = new URLSearchParams(location.search);
  for (const name of FIELDS) {
    const field = select(name);
    const value = params.get(name);
    if (field && value && [...field.options].some((option) => option.value === value)) field.value = value;
  }
  form.addEventListener('change', () => {
    apply();
    save();
  });
  form.addEventListener('reset', () =>
    setTimeout(() => {
      apply();
      save();
    }),
  );
  form.addEventListener('submit', (event) => event.preventDefault());
  apply();
}

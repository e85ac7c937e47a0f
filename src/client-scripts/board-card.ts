/**
 * The filter island's cards: IssueCard.astro as the server drew it once in the page's card template
 * (CardTemplate.astro, a `<template>` with every part a card may have), cloned and filled with one row of the board
 * index; the parts an issue has not are removed. The card's markup is written once, in IssueCard.astro and the
 * components it renders; this module knows only where the data goes (test/browser/board-index.test.ts checks that a
 * drawn card equals the server's for the same issue). Data goes in as text (`textContent`, attributes): none of it
 * goes through an HTML parser.
 */
import type { BoardIndex, IndexedIssue } from '../exports/board-index.ts';
import { fill } from '../i18n/messages.ts';
import { comma } from '../i18n/joins.ts';

/** What filling a card needs besides the row: the pages' addresses and the words and numbers of the page's language. */
export interface CardContext {
  /** The issues' and projects' folder (`/issues/`), a page's slug goes below. */
  issueHref: string;
  projectHref: string;
  /** "Vote for {title}", the vote link's name. */
  voteFor: string;
  /** "{before}, {after}", the language's comma between the vote link's name and its count (Japanese "、"). */
  commaSeparated: string;
  /** A number as the page writes it ("1.2K"), and an upvote count as words ("40 upvotes"). */
  number: (n: number) => string;
  upvoteCount: (n: number) => string;
}

/** The text of the element's `<bdi>` (data in its own direction, as IssueCard.astro writes it). */
function setIsolated(el: Element, text: string): void {
  el.querySelector('bdi')!.textContent = text;
}

/** VoteLink.astro: the count ("▲ 40"), the link to vote and its name ("Vote for Dark mode, 40 upvotes"). */
function fillVotes(votes: Element, title: string, upvotes: number | null, vote: string | undefined, context: CardContext): void {
  if (votes instanceof HTMLAnchorElement && vote !== undefined) {
    votes.href = vote;
    votes.querySelector(':scope > .visually-hidden')!.textContent = `${fill(context.voteFor, { title })}${upvotes === null ? '' : comma(context)}`;
  }
  if (upvotes === null) return;
  votes.querySelector(':scope > [aria-hidden="true"]:not(.vote-arrow)')!.textContent = context.number(upvotes);
  votes.querySelector('.upvote-count')!.textContent = context.upvoteCount(upvotes);
}

/** A function drawing the card of one row of `index` at its position (`order`) in its column, from `template`. */
export function cardDrawer(template: HTMLTemplateElement, index: BoardIndex, context: CardContext) {
  return ([slug, title, summary, teamAt, projectAt, upvotes, importance, updated, vote]: IndexedIssue, order: number): HTMLElement => {
    const team = index.teams[teamAt];
    const project = index.projects[projectAt];
    const card = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
    Object.assign(card.dataset, {
      team: team ?? '',
      project: project?.[0] ?? '',
      order: `${order}`,
      ...(upvotes === null ? {} : { upvotes: `${upvotes}` }),
      importance: `${importance}`,
      updated: `${updated}`,
    });
    const heading = card.querySelector<HTMLAnchorElement>('.card-title a')!;
    heading.href = `${context.issueHref}${encodeURIComponent(slug)}/`;
    setIsolated(heading, title);
    const summaryLine = card.querySelector('.card-summary');
    if (summary && summaryLine) setIsolated(summaryLine, summary);
    else summaryLine?.remove();
    const chip = card.querySelector<HTMLAnchorElement>('.project-chip');
    if (project && chip) {
      const [, projectSlug, name] = project;
      chip.href = `${context.projectHref}${encodeURIComponent(projectSlug)}/`;
      chip.className = `project-chip project-${projectSlug}`;
      setIsolated(chip, name);
    } else chip?.remove();
    const teamName = card.querySelector('.team');
    if (team && teamName) setIsolated(teamName, team);
    else teamName?.remove();
    const votes = card.querySelector('.votes');
    if (votes) fillVotes(votes, title, upvotes, vote, context);
    return card;
  };
}

/** The build's notes on what the defaults leave out: printed while the option is unset, silenced once it is written out. */
import { describe, expect, it } from 'vitest';
import { configNotes } from '../../../src/config/config-notes.ts';
import { parseRoadmapConfig } from '../../../src/config/roadmap-config.ts';

const topics = (config: unknown, hasSocialImage = false) => configNotes(parseRoadmapConfig(config), hasSocialImage).map((note) => note.topic);

describe('config notes', () => {
  it('a config that says nothing of embedding or share cards gets both notes, the share-card one on a build only', () => {
    const notes = configNotes(parseRoadmapConfig({}), false);
    expect(notes.map(({ topic, buildOnly }) => ({ topic, buildOnly }))).toEqual([
      { topic: 'embed', buildOnly: false },
      { topic: 'share-cards', buildOnly: true },
    ]);
    // Each note names the option that changes it and how to silence it.
    expect(notes[0]!.text).toContain('"allowedOrigins": [] written out');
    expect(notes[1]!.text).toContain('"shareCards": false written out');
  });

  it('the defaults written out say the choice is meant: no note', () => {
    expect(topics({ embed: { allowedOrigins: [] }, shareCards: false })).toEqual([]);
  });

  it('other embed options leave the origins unset, so the embed note stays', () => {
    expect(topics({ embed: { transparent: true }, shareCards: false })).toEqual(['embed']);
  });

  it('origins to embed in, cards or an image of the team: nothing is left out', () => {
    expect(topics({ embed: { allowedOrigins: ['https://docs.example.com'] } })).toEqual(['share-cards']);
    expect(topics({ shareCards: true })).toEqual(['embed']);
    expect(topics({ theme: { socialImage: 'https://cdn.example.com/card.png' } }, true)).toEqual(['embed']);
  });
});

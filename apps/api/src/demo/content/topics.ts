import { z } from 'zod';
import { Language } from '@hls/contract';
import { loadDataset } from '../load-dataset.ts';

/** Subject matter of the generated sample documents, in both languages (dataset/topics.json). */
export const topics = ['finance', 'computing', 'law', 'management'] as const;
export const Topic = z.enum(topics);
export type Topic = z.output<typeof Topic>;

const Text = z.string().trim().min(1);
const TopicSection = z.strictObject({
  heading: Text,
  paragraphs: z.array(Text).min(1),
  bullets: z.array(Text).optional(),
});
const TopicText = z.strictObject({
  name: Text,
  abstract: Text,
  sections: z.array(TopicSection).min(1),
  table: z.strictObject({ caption: Text, rows: z.array(z.array(z.string())).min(2) }),
  exercise: z.strictObject({ question: Text, answer: z.array(Text).min(1) }),
});
export type TopicSection = z.output<typeof TopicSection>;
export type TopicText = z.output<typeof TopicText>;

/** Every topic's texts in both languages. */
export const topicTexts: Record<Language, Record<Topic, TopicText>> = loadDataset(
  'topics.json',
  z.record(Language, z.record(Topic, TopicText)),
);

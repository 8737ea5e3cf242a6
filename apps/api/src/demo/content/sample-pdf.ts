import type { Language } from '@hls/contract';
import { PdfWriter } from '../../lib/pdf/pdf-layout.ts';
import { topicTexts, type Topic } from './topics.ts';

/** What one product's document says: its summary and its sections (products.json `outline`). */
export type SampleOutline = { abstract: string; sections: { heading: string; paragraphs: string[] }[] };

export type SampleDocumentInput = {
  title: string;
  author: string;
  language: Language;
  topic: Topic;
  outline?: SampleOutline;
};

const labels = {
  fr: {
    contents: 'Sommaire',
    summary: 'Résumé',
    edition: 'Édition 2026 – diffusé par HLS',
    exercise: 'Application',
    solution: 'Corrigé',
    conclusion: 'Conclusion',
    conclusionText:
      'Ces notions se complètent\u202f: maîtrisez-les une à une, puis appliquez-les sur un cas réel. Les exercices proposés en fin de chapitre permettent de vérifier votre compréhension avant un examen ou une mission.',
    bibliography: 'Pour aller plus loin',
  },
  en: {
    contents: 'Contents',
    summary: 'Summary',
    edition: '2026 edition – distributed by HLS',
    exercise: 'Practice',
    solution: 'Solution',
    conclusion: 'Conclusion',
    conclusionText:
      'These ideas build on each other: master them one at a time, then apply them to a real case. The exercises at the end of each chapter let you check your understanding before an exam or an assignment.',
    bibliography: 'Further reading',
  },
} as const;

/** A real, readable PDF of a few pages: title page, contents, sections, a table, a worked exercise. */
export async function renderSamplePdf(input: SampleDocumentInput): Promise<Buffer> {
  if (input.outline) return renderOutlinePdf({ ...input, outline: input.outline });
  const topic = topicTexts[input.language][input.topic];
  const l = labels[input.language];
  const pdf = await PdfWriter.create({
    title: input.title,
    author: input.author,
    subject: topic.name,
    language: input.language === 'fr' ? 'fr-FR' : 'en-GB',
    keywords: [topic.name],
    runningHeader: `${input.title} — ${input.author}`,
    footer: 'HLS',
  });

  pdf.space(150);
  pdf.text(topic.name.toUpperCase(), { size: 11, font: pdf.fonts.bold, color: pdf.accent, after: 14 });
  pdf.heading(input.title, 1);
  pdf.text(input.author, { size: 14, after: 30 });
  pdf.text(l.summary, { size: 12, font: pdf.fonts.bold, after: 4 });
  pdf.paragraph(topic.abstract);
  pdf.space(20);
  pdf.text(l.contents, { size: 12, font: pdf.fonts.bold, after: 4 });
  pdf.bullets([...topic.sections.map((s) => s.heading), l.exercise, l.conclusion], true);
  pdf.space(40);
  pdf.text(l.edition, { size: 9, color: pdf.muted });

  pdf.newPage();
  topic.sections.forEach((section, index) => {
    pdf.heading(`${index + 1}. ${section.heading}`);
    section.paragraphs.forEach((p) => pdf.paragraph(p));
    if (section.bullets) pdf.bullets(section.bullets);
    if (index === 1) {
      pdf.text(topic.table.caption, { size: 9.5, font: pdf.fonts.italic, after: 4 });
      pdf.table(
        topic.table.rows,
        topic.table.rows[0]!.length === 4 ? [0.4, 0.2, 0.2, 0.2] : [0.28, 0.32, 0.4],
      );
    }
  });

  pdf.heading(`${topic.sections.length + 1}. ${l.exercise}`);
  pdf.paragraph(topic.exercise.question);
  pdf.text(l.solution, { size: 11, font: pdf.fonts.bold, after: 2 });
  pdf.bullets(topic.exercise.answer);

  pdf.heading(`${topic.sections.length + 2}. ${l.conclusion}`);
  pdf.paragraph(l.conclusionText);
  pdf.heading(l.bibliography, 3);
  pdf.bullets([
    `${topic.name} — ${input.language === 'fr' ? 'fiches de révision' : 'revision sheets'}, HLS, 2026.`,
    `${input.author}, ${input.title}, HLS, 2026.`,
  ]);
  return pdf.finish();
}

/** A product's own document: its title, its summary and contents on the first page, then its sections. */
async function renderOutlinePdf(input: SampleDocumentInput & { outline: SampleOutline }): Promise<Buffer> {
  const { outline } = input;
  const l = labels[input.language];
  const kicker = topicTexts[input.language][input.topic].name;
  const pdf = await PdfWriter.create({
    title: input.title,
    author: input.author,
    subject: outline.abstract,
    language: input.language === 'fr' ? 'fr-FR' : 'en-GB',
    keywords: [kicker],
    runningHeader: `${input.title} — ${input.author}`,
    footer: 'HLS',
  });

  pdf.space(150);
  pdf.text(kicker.toUpperCase(), { size: 11, font: pdf.fonts.bold, color: pdf.accent, after: 14 });
  pdf.heading(input.title, 1);
  pdf.text(input.author, { size: 14, after: 30 });
  pdf.text(l.summary, { size: 12, font: pdf.fonts.bold, after: 4 });
  pdf.paragraph(outline.abstract);
  pdf.space(20);
  pdf.text(l.contents, { size: 12, font: pdf.fonts.bold, after: 4 });
  pdf.bullets(
    outline.sections.map((s) => s.heading),
    true,
  );
  pdf.space(40);
  pdf.text(l.edition, { size: 9, color: pdf.muted });

  pdf.newPage();
  outline.sections.forEach((section, index) => {
    pdf.heading(`${index + 1}. ${section.heading}`);
    section.paragraphs.forEach((p) => pdf.paragraph(p));
  });
  return pdf.finish();
}

import pptxgen from 'pptxgenjs';
import type { Language } from '@hls/contract';
import type { SampleOutline } from './sample-pdf.ts';

export type PresentationInput = {
  title: string;
  author: string;
  language: Language;
  /** The product's own summary and three sections: title, contents and one slide per section (five slides). */
  outline?: SampleOutline;
};

const copy = {
  fr: {
    subtitle: 'Modèle de présentation – revue trimestrielle',
    agenda: 'Ordre du jour',
    agendaItems: [
      'Résultats du trimestre',
      'Indicateurs clés',
      'Projets en cours',
      'Priorités du prochain trimestre',
    ],
    kpis: 'Indicateurs clés',
    kpiItems: [
      ['1,24 M€', 'Chiffre d’affaires'],
      ['+8,5 %', 'Croissance sur un an'],
      ['92 %', 'Clients satisfaits'],
    ],
    chart: 'Chiffre d’affaires par trimestre (k€)',
    series: ['T1', 'T2', 'T3', 'T4'],
    seriesNames: ['2025', '2026'],
    next: 'Priorités du prochain trimestre',
    nextItems: [
      'Lancer l’offre en ligne auprès des clients existants',
      'Réduire le délai de livraison à 48 heures',
      'Recruter deux commerciaux sur la région Sud',
      'Suivre la marge par produit chaque mois',
    ],
    thanks: 'Merci – questions\u202f?',
    howTo: 'Remplacez les textes et les chiffres\u202f: les couleurs et la mise en page suivent le masque.',
  },
  en: {
    subtitle: 'Presentation template – quarterly review',
    agenda: 'Agenda',
    agendaItems: [
      'Results of the quarter',
      'Key indicators',
      'Projects under way',
      'Priorities for next quarter',
    ],
    kpis: 'Key indicators',
    kpiItems: [
      ['EUR 1.24m', 'Revenue'],
      ['+8.5%', 'Year-on-year growth'],
      ['92%', 'Satisfied customers'],
    ],
    chart: 'Revenue by quarter (EUR k)',
    series: ['Q1', 'Q2', 'Q3', 'Q4'],
    seriesNames: ['2025', '2026'],
    next: 'Priorities for next quarter',
    nextItems: [
      'Launch the online offer to existing customers',
      'Cut delivery time to 48 hours',
      'Hire two sales representatives for the South region',
      'Track the margin by product every month',
    ],
    thanks: 'Thank you – questions?',
    howTo: 'Replace the texts and figures: colours and layout follow the master slide.',
  },
} as const;

// The package's types describe its CommonJS build; Node loads its ES build, whose default export is the class.
const PptxGenJS = pptxgen as unknown as typeof pptxgen.default;
type Slide = ReturnType<InstanceType<typeof PptxGenJS>['addSlide']>;

const navy = '1E3A5F';
const accent = 'F4A261';

/** A five-slide template: title, agenda, KPI cards, a bar chart and priorities, on one master. */
export async function renderPresentation(input: PresentationInput): Promise<Buffer> {
  const c = copy[input.language];
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE';
  pptx.author = input.author;
  pptx.company = 'HLS';
  pptx.title = input.title;
  pptx.subject = c.subtitle;
  pptx.defineSlideMaster({
    title: 'HLS_MASTER',
    background: { color: 'FFFFFF' },
    objects: [
      { rect: { x: 0, y: 0, w: '100%', h: 0.35, fill: { color: navy } } },
      { rect: { x: 0, y: 7.25, w: '100%', h: 0.25, fill: { color: accent } } },
      {
        text: {
          text: input.title,
          options: { x: 0.4, y: 6.85, w: 9, h: 0.35, fontSize: 10, color: '52606D' },
        },
      },
    ],
    slideNumber: { x: 12.4, y: 6.85, fontSize: 10, color: '52606D' },
  });

  if (input.outline) return outlineSlides(pptx, input, input.outline);

  const titleSlide = pptx.addSlide();
  titleSlide.background = { color: navy };
  titleSlide.addShape(pptx.ShapeType.rect, { x: 0.8, y: 2.2, w: 1.2, h: 0.12, fill: { color: accent } });
  titleSlide.addText(input.title, {
    x: 0.8,
    y: 2.5,
    w: 11.5,
    h: 1.6,
    fontSize: 40,
    bold: true,
    color: 'FFFFFF',
  });
  titleSlide.addText(c.subtitle, { x: 0.8, y: 4.1, w: 11.5, h: 0.6, fontSize: 20, color: 'F6D7B0' });
  titleSlide.addText(input.author, { x: 0.8, y: 5.6, w: 8, h: 0.5, fontSize: 16, color: 'FFFFFF' });
  titleSlide.addNotes(c.howTo);

  const heading = (slide: Slide, text: string) =>
    slide.addText(text, { x: 0.6, y: 0.6, w: 12, h: 0.8, fontSize: 30, bold: true, color: navy });

  const agenda = pptx.addSlide({ masterName: 'HLS_MASTER' });
  heading(agenda, c.agenda);
  agenda.addText(
    c.agendaItems.map((text) => ({
      text,
      options: { bullet: { type: 'number' as const }, breakLine: true },
    })),
    { x: 0.9, y: 1.7, w: 11, h: 4.2, fontSize: 24, color: '1F2933', paraSpaceAfter: 14 },
  );

  const kpis = pptx.addSlide({ masterName: 'HLS_MASTER' });
  heading(kpis, c.kpis);
  c.kpiItems.forEach(([value, label], i) => {
    const x = 0.7 + i * 4.1;
    kpis.addShape(pptx.ShapeType.roundRect, {
      x,
      y: 2,
      w: 3.7,
      h: 2.8,
      fill: { color: 'EEF2F7' },
      line: { color: navy, width: 1 },
      rectRadius: 0.15,
    });
    kpis.addText(value, {
      x,
      y: 2.4,
      w: 3.7,
      h: 1.1,
      fontSize: 40,
      bold: true,
      color: navy,
      align: 'center',
    });
    kpis.addText(label, { x, y: 3.6, w: 3.7, h: 0.8, fontSize: 18, color: '52606D', align: 'center' });
  });

  const chart = pptx.addSlide({ masterName: 'HLS_MASTER' });
  heading(chart, c.chart);
  chart.addChart(
    pptx.ChartType.bar,
    [
      { name: c.seriesNames[0], labels: [...c.series], values: [262, 281, 274, 318] },
      { name: c.seriesNames[1], labels: [...c.series], values: [289, 305, 297, 349] },
    ],
    {
      x: 0.8,
      y: 1.6,
      w: 11.6,
      h: 5,
      barDir: 'col',
      chartColors: [navy, accent],
      showLegend: true,
      legendPos: 'b',
      showValue: true,
      dataLabelFontSize: 11,
    },
  );

  const next = pptx.addSlide({ masterName: 'HLS_MASTER' });
  heading(next, c.next);
  next.addText(
    c.nextItems.map((text) => ({ text, options: { bullet: true, breakLine: true } })),
    { x: 0.9, y: 1.7, w: 11.5, h: 3.8, fontSize: 22, color: '1F2933', paraSpaceAfter: 12 },
  );
  next.addText(c.thanks, { x: 0.9, y: 5.6, w: 11.5, h: 0.8, fontSize: 26, bold: true, color: accent });

  const out = await pptx.write({ outputType: 'nodebuffer' });
  return Buffer.from(out as Uint8Array);
}

type Deck = InstanceType<typeof PptxGenJS>;

/** A product's own deck: its title and summary, its contents, then a slide per section. */
async function outlineSlides(pptx: Deck, input: PresentationInput, outline: SampleOutline): Promise<Buffer> {
  const titleSlide = pptx.addSlide();
  titleSlide.background = { color: navy };
  titleSlide.addShape(pptx.ShapeType.rect, { x: 0.8, y: 1.6, w: 1.2, h: 0.12, fill: { color: accent } });
  titleSlide.addText(input.title, {
    x: 0.8,
    y: 1.9,
    w: 11.5,
    h: 1.8,
    fontSize: 36,
    bold: true,
    color: 'FFFFFF',
  });
  titleSlide.addText(outline.abstract, { x: 0.8, y: 3.9, w: 11.5, h: 1.4, fontSize: 16, color: 'F6D7B0' });
  titleSlide.addText(input.author, { x: 0.8, y: 5.8, w: 8, h: 0.5, fontSize: 16, color: 'FFFFFF' });

  const heading = (slide: Slide, text: string) =>
    slide.addText(text, { x: 0.6, y: 0.6, w: 12, h: 0.8, fontSize: 28, bold: true, color: navy });
  const contents = pptx.addSlide({ masterName: 'HLS_MASTER' });
  heading(contents, copy[input.language].agenda);
  contents.addText(
    outline.sections.map((section) => ({
      text: section.heading,
      options: { bullet: { type: 'number' as const }, breakLine: true },
    })),
    { x: 0.9, y: 1.7, w: 11, h: 4.2, fontSize: 24, color: '1F2933', paraSpaceAfter: 14 },
  );
  outline.sections.forEach((section, i) => {
    const slide = pptx.addSlide({ masterName: 'HLS_MASTER' });
    heading(slide, `${i + 1}. ${section.heading}`);
    slide.addText(
      section.paragraphs.map((text) => ({ text, options: { breakLine: true } })),
      { x: 0.9, y: 1.7, w: 11.4, h: 4.6, fontSize: 20, color: '1F2933', paraSpaceAfter: 12, valign: 'top' },
    );
  });
  return Buffer.from((await pptx.write({ outputType: 'nodebuffer' })) as Uint8Array);
}

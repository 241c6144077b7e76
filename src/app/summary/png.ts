// SVG -> PNG for the weekly chart, with @resvg/resvg-js and the DejaVu Sans font that
// ships as an npm dependency: no browser, no system fonts needed. Without a font
// resvg drops every text element silently, so the font files are always passed.
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import { CHART_FONT } from '../../core/summary/chart.js';

const require = createRequire(import.meta.url);

/** The font files the chart is drawn with. */
export function chartFontFiles(): string[] {
  return ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((f) => require.resolve(`dejavu-fonts-ttf/ttf/${f}`));
}

export interface PngOptions {
  /** Font files to load; defaults to the bundled DejaVu Sans. */
  fontFiles?: string[];
  /** Output width in pixels; the height follows the SVG's aspect ratio. */
  width?: number;
}

export function renderChartPng(svg: string, options: PngOptions = {}): Uint8Array {
  const resvg = new Resvg(svg, {
    font: {
      loadSystemFonts: false,
      fontFiles: options.fontFiles ?? chartFontFiles(),
      defaultFontFamily: CHART_FONT,
      sansSerifFamily: CHART_FONT,
    },
    ...(options.width ? { fitTo: { mode: 'width' as const, value: options.width } } : {}),
  });
  return new Uint8Array(resvg.render().asPng());
}

import type { ApexOptions } from 'apexcharts';
import { ApexChart as Chart } from './apex';
import { chartFont, toneOf } from './palette';

export interface Series {
  name: string;
  data: number[];
}

interface SeriesChartProps {
  kind: 'bar' | 'area' | 'line';
  categories: string[];
  series: Series[];
  /** Accessible description of the chart. */
  label: string;
  height?: number;
  stacked?: boolean;
  formatValue?: (value: number) => string;
}

/** Bars, lines or areas over categories (months, days), in the chart tones. */
export function SeriesChart({ kind, categories, series, label, height = 260, stacked = false, formatValue = (value) => String(Math.round(value * 100) / 100) }: SeriesChartProps) {
  const options: ApexOptions = {
    chart: { type: kind, stacked, ...chartFont, toolbar: { show: false }, zoom: { enabled: false }, animations: { enabled: false } },
    colors: series.map((_, index) => toneOf(index)),
    xaxis: { categories, labels: { rotate: -45, hideOverlappingLabels: true, style: { fontSize: '11px' } }, axisTicks: { show: false } },
    yaxis: { labels: { formatter: (value: number) => formatValue(value) }, min: 0, forceNiceScale: true },
    dataLabels: { enabled: false },
    grid: { borderColor: '#e2e8f0', strokeDashArray: 4 },
    stroke: { width: kind === 'bar' ? 0 : 2, curve: 'smooth' },
    fill: { opacity: kind === 'area' ? 0.25 : 1 },
    plotOptions: { bar: { borderRadius: 3, columnWidth: '60%' } },
    legend: { show: series.length > 1, position: 'top', horizontalAlign: 'right' },
    tooltip: { y: { formatter: (value: number) => formatValue(value) } },
  };
  return (
    <div role="img" aria-label={label} className="vigil-chart">
      <Chart type={kind} options={options} series={series} height={height} />
    </div>
  );
}

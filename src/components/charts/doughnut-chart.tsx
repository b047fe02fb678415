import type { ApexOptions } from 'apexcharts';
import { ApexChart as Chart } from './apex';
import { chartFont, chartTones } from './palette';

export interface DoughnutSlice {
  label: string;
  value: number;
}

interface DoughnutChartProps {
  slices: DoughnutSlice[];
  /** Label of the total in the hole. */
  totalLabel: string;
  /** Accessible description of the chart. */
  label: string;
  height?: number;
  formatValue?: (value: number) => string;
}

/** A doughnut in the six semi-transparent tones (spec §9), the total in its middle. */
export function DoughnutChart({ slices, totalLabel, label, height = 280, formatValue = (value) => String(value) }: DoughnutChartProps) {
  const options: ApexOptions = {
    chart: { type: 'donut', ...chartFont, animations: { enabled: false } },
    labels: slices.map((slice) => slice.label),
    colors: [...chartTones],
    fill: { opacity: 1 },
    stroke: { width: 2, colors: ['#ffffff'] },
    legend: { position: 'bottom', fontSize: '13px', markers: { size: 6 } },
    dataLabels: { enabled: true, formatter: (percent: number) => `${Math.round(percent)}%`, dropShadow: { enabled: false }, style: { fontSize: '12px', fontWeight: 600 } },
    tooltip: { y: { formatter: (value: number) => formatValue(value) } },
    plotOptions: {
      pie: {
        donut: {
          size: '62%',
          labels: { show: true, name: { show: true, fontSize: '13px' }, value: { show: true, fontSize: '22px', fontWeight: 700, formatter: (value: string) => formatValue(Number(value)) }, total: { show: true, showAlways: true, label: totalLabel, fontSize: '13px', color: '#64748b' } },
        },
      },
    },
  };
  return (
    <div role="img" aria-label={label} className="vigil-chart">
      <Chart type="donut" options={options} series={slices.map((slice) => slice.value)} height={height} />
    </div>
  );
}

import { useIntl } from '../../../i18n/intl-provider';
import { GrowthCard, HeatmapCard, RankingCard, SkillsCard } from './indicator-cards';

/** The tech view: where AEDs and responders are, how the community grows, and the rates per inhabitants. */
export function TechTab() {
  const { t } = useIntl();
  return (
    <div className="dash-grid">
      <div className="dash-span-2">
        <HeatmapCard part="aedsHeatmap" title={t('indicator.aedsHeatmap.title')} />
      </div>
      <div className="dash-span-2">
        <HeatmapCard part="respondersHeatmap" title={t('indicator.respondersHeatmap.title')} />
      </div>
      <div className="dash-span-2">
        <GrowthCard part="respondersGrowth" title={t('indicator.respondersGrowth.title')} />
      </div>
      <div className="dash-span-2">
        <SkillsCard />
      </div>
      <div className="dash-span-2">
        <RankingCard part="respondersRanking" title={t('indicator.respondersRanking.title')} />
      </div>
      <div className="dash-span-2">
        <RankingCard part="alertsRanking" title={t('indicator.alertsRanking.title')} />
      </div>
      <div className="dash-span-4">
        <GrowthCard part="alertsGrowth" title={t('indicator.alertsGrowth.title')} />
      </div>
    </div>
  );
}

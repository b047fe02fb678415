import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { confirmPopup } from 'primereact/confirmpopup';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Tag } from 'primereact/tag';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AedReport } from '../../../../contract/aed.schemas';
import { aedProblemTypes, optionLanguage } from '../../../../contract/aed-options';
import { useIntl } from '../../../i18n/intl-provider';
import { aedOf, doneOf, isDeleted, runningActionOf, templateOf } from '../../../machines/aed-form/aed-form.selectors';
import { AedFormActor } from '../aed-form-actor';
import { formatDay, langOf } from './aed-format';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const statusSeverity = { onGoing: 'danger', soluble: 'warning', resolved: 'success' } as const;

/** Resolving a report, with or without a mail to the reporter from the editable template. */
function ResolveDialog({ report, onClose }: { report: AedReport | null; onClose: () => void }) {
  const { t, locale } = useIntl();
  const form = AedFormActor.useActorRef();
  const template = AedFormActor.useSelector(templateOf, sameJson);
  const done = AedFormActor.useSelector(doneOf, sameJson);
  const loadingTemplate = AedFormActor.useSelector((snapshot) => snapshot.matches({ editing: 'loadingTemplate' }));
  const resolving = AedFormActor.useSelector((snapshot) => runningActionOf(snapshot)?.kind === 'reportResolve');
  const [sendEmail, setSendEmail] = useState(false);
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const openedAt = useRef(0);
  useEffect(() => {
    if (!report) return;
    setSendEmail(false);
    openedAt.current = done?.seq ?? 0;
  }, [report]);
  useEffect(() => {
    if (template) {
      setSubject(template.subject);
      setText(template.text);
    }
  }, [template]);
  useEffect(() => {
    if (report && done?.kind === 'reportResolve' && done.seq > openedAt.current) onClose();
  }, [done, report, onClose]);
  const toggleMail = (checked: boolean) => {
    setSendEmail(checked);
    if (checked && report) form.send({ type: 'report.template', problemType: report.problemType });
  };
  return (
    <Dialog
      visible={!!report}
      onHide={onClose}
      header={t('aed.reports.resolve-title')}
      style={{ width: '40rem' }}
      footer={
        <div className="flex justify-content-end gap-2">
          <Button type="button" label={t('aed.common.cancel')} text severity="secondary" onClick={onClose} />
          <Button
            type="button"
            icon="pi pi-check"
            label={sendEmail ? t('aed.reports.resolve-mail') : t('aed.reports.resolve')}
            loading={resolving}
            disabled={sendEmail && (loadingTemplate || !subject.trim() || !text.trim())}
            onClick={() => report && form.send({ type: 'report.resolve', id: report.id, city: report.city, choice: sendEmail ? { sendEmail: true, lang: langOf(locale), subject: subject.trim(), text: text.trim() } : { sendEmail: false } })}
            data-testid="report-resolve-confirm"
          />
        </div>
      }
    >
      {report ? (
        <div className="flex flex-column gap-3">
          <p className="m-0">{report.description ?? '—'}</p>
          <div className="flex align-items-center gap-2">
            <Checkbox inputId="resolve-mail" checked={sendEmail} disabled={!report.email} onChange={(event) => toggleMail(!!event.checked)} />
            <label htmlFor="resolve-mail">{report.email ? t('aed.reports.mail-reporter', { email: report.email }) : t('aed.reports.no-email')}</label>
          </div>
          {sendEmail ? (
            <div className="flex flex-column gap-2">
              <label htmlFor="resolve-subject" className="text-sm font-medium">
                {t('aed.reports.subject')}
              </label>
              <InputText id="resolve-subject" value={subject} onChange={(event) => setSubject(event.target.value)} disabled={loadingTemplate} />
              <label htmlFor="resolve-text" className="text-sm font-medium">
                {t('aed.reports.text')}
              </label>
              <InputTextarea id="resolve-text" value={text} rows={6} onChange={(event) => setText(event.target.value)} disabled={loadingTemplate} />
              <small className="text-600">{t('aed.reports.placeholders')}</small>
            </div>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}

/** Reports (spec §3, §4): problems reported on the AED; resolve (with or without a mail), mark soluble, delete. */
export function ReportsSection() {
  const { t, locale } = useIntl();
  const form = AedFormActor.useActorRef();
  const reports = AedFormActor.useSelector((snapshot) => aedOf(snapshot)?.reports ?? [], sameJson);
  const readOnly = AedFormActor.useSelector(isDeleted);
  const idle = AedFormActor.useSelector((snapshot) => snapshot.matches({ editing: 'idle' }));
  const [resolving, setResolving] = useState<AedReport | null>(null);
  const close = useCallback(() => setResolving(null), []);
  const problem = (type: number) => aedProblemTypes.find((option) => option.value === type)?.labels[optionLanguage(locale)] ?? String(type);
  return (
    <div className="aed-card" data-testid="section-reports">
      <h3 className="aed-card__title">{t('aed.form.section.reports')}</h3>
      {reports.length ? (
        <ul className="report-list">
          {reports.map((report) => (
            <li key={report.id} className={`report is-${report.status}`} data-testid="report" data-status={report.status}>
              <div className="report__head">
                <Tag severity={statusSeverity[report.status]} value={t(`aed.reports.status.${report.status}`)} />
                <strong>{problem(report.problemType)}</strong>
                <span className="text-600 text-sm">
                  {formatDay(report.date, locale)}
                  {report.city ? ` · ${report.city}` : ''}
                  {report.email ? ` · ${report.email}` : ''}
                </span>
              </div>
              {report.description ? <p className="report__text">{report.description}</p> : null}
              {report.resolvedAt ? <small className="text-600">{t('aed.reports.resolved-on', { date: formatDay(report.resolvedAt, locale) })}{report.mailSentAt ? ` · ${t('aed.reports.mail-sent')}` : ''}</small> : null}
              <div className="report__actions">
                {report.status !== 'resolved' ? <Button type="button" icon="pi pi-check" label={t('aed.reports.resolve')} size="small" outlined disabled={readOnly || !idle} onClick={() => setResolving(report)} /> : null}
                {report.status === 'onGoing' ? <Button type="button" icon="pi pi-wrench" label={t('aed.reports.soluble')} size="small" text disabled={readOnly || !idle} onClick={() => form.send({ type: 'report.soluble', id: report.id })} /> : null}
                <Button
                  type="button"
                  icon="pi pi-trash"
                  label={t('aed.reports.delete')}
                  size="small"
                  text
                  severity="danger"
                  disabled={readOnly || !idle}
                  onClick={(event) => confirmPopup({ target: event.currentTarget, message: t('aed.reports.delete-confirm'), icon: 'pi pi-trash', acceptClassName: 'p-button-danger', acceptLabel: t('aed.reports.delete'), rejectLabel: t('aed.common.cancel'), accept: () => form.send({ type: 'report.delete', id: report.id }) })}
                />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-600">{t('aed.reports.none')}</p>
      )}
      <ResolveDialog report={resolving} onClose={close} />
    </div>
  );
}

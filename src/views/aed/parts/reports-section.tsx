import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { confirmPopup } from 'primereact/confirmpopup';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Tag } from 'primereact/tag';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AedReport } from '../../../../contract/aed.schemas';
import { aedProblemTypes, optionLanguage } from '../../../../contract/aed-options';
import { useIntl } from '../../../i18n/intl-provider';
import { aedOf, doneOf, isDeleted, isNew, runningActionOf, templateOf } from '../../../machines/aed-form/aed-form.selectors';
import { AedFormActor } from '../aed-form-actor';
import { formatDay, langOf } from './aed-format';
import { DialogFooter } from './dialog-footer';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** The template's placeholders, shown as the user types them (the hint names them; unformatted, it showed its own key). */
const mailPlaceholders = Object.fromEntries(['aedName', 'address', 'city', 'date', 'problem'].map((name) => [name, `{${name}}`]));
const statusSeverity = { onGoing: 'danger', soluble: 'warning', resolved: 'success' } as const;

/** Resolving a report, with or without a mail to the reporter from the editable template. */
function ResolveDialog({ report, onClose }: { report: AedReport | null; onClose: () => void }) {
  const { t, locale } = useIntl();
  const form = AedFormActor.useActorRef();
  const template = AedFormActor.useSelector(templateOf, sameJson);
  const done = AedFormActor.useSelector(doneOf, sameJson);
  const loadingTemplate = AedFormActor.useSelector((snapshot) => snapshot.matches({ editing: 'loadingTemplate' }));
  const resolving = AedFormActor.useSelector((snapshot) => runningActionOf(snapshot)?.kind === 'reportResolve');
  const mailing = AedFormActor.useSelector((snapshot) => runningActionOf(snapshot)?.kind === 'reportMail');
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
    if (report && (done?.kind === 'reportResolve' || done?.kind === 'reportMail') && done.seq > openedAt.current) onClose();
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
        <DialogFooter onCancel={onClose}>
          {sendEmail ? (
            <Button
              type="button"
              icon="pi pi-send"
              label={t('aed.reports.mail-only')}
              outlined
              loading={mailing}
              disabled={resolving || loadingTemplate || !subject.trim() || !text.trim()}
              onClick={() => report && form.send({ type: 'report.mail', id: report.id, choice: { lang: langOf(locale), subject: subject.trim(), text: text.trim() } })}
              data-testid="report-mail-only"
            />
          ) : null}
          <Button
            type="button"
            icon="pi pi-check"
            label={sendEmail ? t('aed.reports.resolve-mail') : t('aed.reports.resolve')}
            loading={resolving}
            disabled={mailing || (sendEmail && (loadingTemplate || !subject.trim() || !text.trim()))}
            onClick={() => report && form.send({ type: 'report.resolve', id: report.id, city: report.city, choice: sendEmail ? { sendEmail: true, lang: langOf(locale), subject: subject.trim(), text: text.trim() } : { sendEmail: false } })}
            data-testid="report-resolve-confirm"
          />
        </DialogFooter>
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
              <small className="text-600">{t('aed.reports.placeholders', mailPlaceholders)}</small>
            </div>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}

/** Reporting a problem on the AED (spec §7 reportProblem): type and what was seen; the server signs it with the user's own address. */
function ReportProblemDialog({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t, locale } = useIntl();
  const form = AedFormActor.useActorRef();
  const done = AedFormActor.useSelector(doneOf, sameJson);
  const sending = AedFormActor.useSelector((snapshot) => runningActionOf(snapshot)?.kind === 'reportAdd');
  const [problem, setProblem] = useState<number | null>(null);
  const [description, setDescription] = useState('');
  const openedAt = useRef(0);
  useEffect(() => {
    if (!visible) return;
    setProblem(null);
    setDescription('');
    openedAt.current = done?.seq ?? 0;
  }, [visible]);
  useEffect(() => {
    if (visible && done?.kind === 'reportAdd' && done.seq > openedAt.current) onClose();
  }, [done, visible, onClose]);
  const options = aedProblemTypes.map((type) => ({ value: type.value, label: type.labels[optionLanguage(locale)] }));
  return (
    <Dialog
      visible={visible}
      onHide={onClose}
      header={t('aed.reports.add-title')}
      style={{ width: '36rem' }}
      footer={
        <DialogFooter onCancel={onClose}>
          <Button
            type="button"
            icon="pi pi-flag"
            label={t('aed.reports.add-send')}
            loading={sending}
            disabled={problem === null}
            onClick={() => problem !== null && form.send({ type: 'report.add', report: { problem, ...(description.trim() ? { description: description.trim() } : {}) } })}
            data-testid="report-add-confirm"
          />
        </DialogFooter>
      }
    >
      <div className="flex flex-column gap-2" data-testid="report-add-dialog">
        <label htmlFor="report-problem" className="text-sm font-medium">
          {t('aed.reports.problem')}
        </label>
        <Dropdown inputId="report-problem" value={problem} options={options} optionLabel="label" optionValue="value" placeholder={t('aed.reports.problem-placeholder')} onChange={(event) => setProblem(Number(event.value))} />
        <label htmlFor="report-description" className="text-sm font-medium">
          {t('aed.reports.description')}
        </label>
        <InputTextarea id="report-description" value={description} rows={4} maxLength={2000} onChange={(event) => setDescription(event.target.value)} />
        <small className="text-600">{t('aed.reports.signed-by-you')}</small>
      </div>
    </Dialog>
  );
}

/** Reports (spec §3, §4): problems reported on the AED; resolve (with or without a mail), mark soluble, delete. */
export function ReportsSection() {
  const { t, locale } = useIntl();
  const form = AedFormActor.useActorRef();
  const reports = AedFormActor.useSelector((snapshot) => aedOf(snapshot)?.reports ?? [], sameJson);
  const readOnly = AedFormActor.useSelector(isDeleted);
  const unsaved = AedFormActor.useSelector(isNew);
  const idle = AedFormActor.useSelector((snapshot) => snapshot.matches({ editing: 'idle' }));
  const [resolving, setResolving] = useState<AedReport | null>(null);
  const [adding, setAdding] = useState(false);
  const close = useCallback(() => setResolving(null), []);
  const closeAdd = useCallback(() => setAdding(false), []);
  const problem = (type: number) => aedProblemTypes.find((option) => option.value === type)?.labels[optionLanguage(locale)] ?? String(type);
  return (
    <div className="aed-card" data-testid="section-reports">
      <div className="flex align-items-center justify-content-between gap-2">
        <h3 className="aed-card__title">{t('aed.form.section.reports')}</h3>
        <Button type="button" icon="pi pi-flag" label={t('aed.reports.add')} size="small" outlined disabled={readOnly || unsaved || !idle} onClick={() => setAdding(true)} data-testid="report-add" />
      </div>
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
              {report.resolvedAt || report.mailSentAt ? (
                <small className="text-600">{[report.resolvedAt ? t('aed.reports.resolved-on', { date: formatDay(report.resolvedAt, locale) }) : null, report.mailSentAt ? t('aed.reports.mail-sent') : null].filter(Boolean).join(' · ')}</small>
              ) : null}
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
      <ReportProblemDialog visible={adding} onClose={closeAdd} />
    </div>
  );
}

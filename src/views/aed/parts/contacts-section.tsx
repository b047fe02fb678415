import { Button } from 'primereact/button';
import { confirmPopup } from 'primereact/confirmpopup';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AedContact, AedContactInput } from '../../../../contract/aed.schemas';
import { aedContactTypes } from '../../../../contract/aed-options';
import { useIntl } from '../../../i18n/intl-provider';
import { aedOf, contactErrorsOf, countriesOf, doneOf, isDeleted, optionsOf, runningActionOf } from '../../../machines/aed-form/aed-form.selectors';
import { AedFormActor } from '../aed-form-actor';
import { languages } from './languages';
import { DialogFooter } from './dialog-footer';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

type ContactDraft = { id?: number; firstName: string; lastName: string; function: string; phoneCode: string; phone: string; email: string; contactType: string; defaultLanguage: string; timezone: string; siren: string };

const blank: ContactDraft = { firstName: '', lastName: '', function: '', phoneCode: '+33', phone: '', email: '', contactType: 'supervisor', defaultLanguage: 'fr_FR', timezone: 'Europe/Paris', siren: '' };

function draftOf(contact: AedContact): ContactDraft {
  return { id: contact.id, firstName: contact.firstName, lastName: contact.lastName, function: contact.function, phoneCode: contact.phoneCode ?? '+33', phone: contact.phone ?? '', email: contact.email ?? '', contactType: contact.contactType, defaultLanguage: contact.defaultLanguage ?? 'fr_FR', timezone: contact.timezone ?? 'Europe/Paris', siren: contact.siren ?? '' };
}

function inputOf(draft: ContactDraft): AedContactInput {
  return {
    ...(draft.id ? { id: draft.id } : {}),
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    function: draft.function.trim(),
    phoneCode: draft.phone.trim() ? draft.phoneCode : null,
    phone: draft.phone.trim() || null,
    email: draft.email.trim(),
    contactType: draft.contactType as AedContactInput['contactType'],
    defaultLanguage: draft.defaultLanguage || null,
    timezone: draft.timezone || null,
    siren: draft.siren.trim() || null,
  };
}

/** The add / edit dialog of a contact: checked as §5 says by the form machine, closed once saved. */
function ContactDialog({ contact, onClose }: { contact: ContactDraft | null; onClose: () => void }) {
  const { t } = useIntl();
  const form = AedFormActor.useActorRef();
  const errors = AedFormActor.useSelector(contactErrorsOf, sameJson);
  const done = AedFormActor.useSelector(doneOf, sameJson);
  const countries = AedFormActor.useSelector(countriesOf, sameJson);
  const options = AedFormActor.useSelector(optionsOf, sameJson);
  const saving = AedFormActor.useSelector((snapshot) => runningActionOf(snapshot)?.kind === 'contactSave');
  const [draft, setDraft] = useState<ContactDraft>(blank);
  const [tried, setTried] = useState(false);
  const openedAt = useRef(done?.seq ?? 0);
  useEffect(() => {
    if (!contact) return;
    setDraft(contact);
    setTried(false);
    openedAt.current = done?.seq ?? 0;
    // Reset only when another contact is opened.
  }, [contact]);
  useEffect(() => {
    if (contact && done?.kind === 'contactSave' && done.seq > openedAt.current) onClose();
  }, [done, contact, onClose]);

  const set = (field: keyof ContactDraft, value: string) => setDraft((current) => ({ ...current, [field]: value }));
  const error = (field: string) => (tried ? errors[field] : undefined);
  const codes = [...new Map((countries.length ? countries : [{ code: 'FR', name: 'France', phoneCode: '+33' }, { code: 'LU', name: 'Luxembourg', phoneCode: '+352' }, { code: 'DE', name: 'Deutschland', phoneCode: '+49' }]).map((country) => [country.phoneCode, { value: country.phoneCode, label: `${country.phoneCode} ${country.code}` }])).values()];
  const types = options?.contactTypes?.map((option) => ({ value: String(option.value), label: option.label })) ?? aedContactTypes.map((value) => ({ value, label: t(`aed.contact.type.${value}`) }));
  const text = (field: keyof ContactDraft, label: string, type = 'text', className = 'col-12 md:col-6') => (
    <div className={`field ${className}`}>
      <label htmlFor={`contact-${field}`}>
        {label}
        {['firstName', 'lastName', 'function'].includes(field) ? <span className="aed-field__required"> *</span> : null}
      </label>
      <InputText id={`contact-${field}`} type={type} value={draft[field] as string} onChange={(event) => set(field, event.target.value)} invalid={!!error(field)} className="w-full" />
      {error(field) ? <small className="p-error" role="alert">{t(error(field)!)}</small> : null}
    </div>
  );

  return (
    <Dialog
      visible={!!contact}
      onHide={onClose}
      header={contact?.id ? t('aed.contacts.edit') : t('aed.contacts.add')}
      style={{ width: '42rem' }}
      breakpoints={{ '960px': '90vw' }}
      footer={
        <DialogFooter onCancel={onClose}>
          <Button
            type="button"
            icon="pi pi-check"
            label={t('aed.contacts.save')}
            loading={saving}
            data-testid="contact-save"
            onClick={() => {
              setTried(true);
              form.send({ type: 'contact.save', contact: inputOf(draft) });
            }}
          />
        </DialogFooter>
      }
    >
      <form className="formgrid grid" onSubmit={(event) => event.preventDefault()} data-testid="contact-form">
        {text('firstName', t('aed.contact.firstName'))}
        {text('lastName', t('aed.contact.lastName'))}
        {text('function', t('aed.contact.function'), 'text', 'col-12 md:col-6')}
        <div className="field col-12 md:col-6">
          <label htmlFor="contact-type">
            {t('aed.contact.contactType')}
            <span className="aed-field__required"> *</span>
          </label>
          <Dropdown inputId="contact-type" value={draft.contactType} options={types} onChange={(event) => set('contactType', String(event.value))} className="w-full" invalid={!!error('contactType')} />
          {error('contactType') ? <small className="p-error">{t(error('contactType')!)}</small> : null}
        </div>
        <div className="field col-12 md:col-4">
          <label htmlFor="contact-phoneCode">{t('aed.contact.phoneCode')}</label>
          <Dropdown inputId="contact-phoneCode" value={draft.phoneCode} options={codes} onChange={(event) => set('phoneCode', String(event.value))} filter className="w-full" invalid={!!error('phoneCode')} />
        </div>
        {text('phone', t('aed.contact.phone'), 'tel', 'col-12 md:col-8')}
        {text('email', t('aed.contact.email'), 'email', 'col-12')}
        <div className="field col-12 md:col-6">
          <label htmlFor="contact-language">{t('aed.contact.defaultLanguage')}</label>
          <Dropdown inputId="contact-language" value={draft.defaultLanguage} options={languages} onChange={(event) => set('defaultLanguage', String(event.value))} className="w-full" />
        </div>
        {text('timezone', t('aed.contact.timezone'))}
        {draft.contactType === 'operator' ? text('siren', t('aed.contact.siren'), 'text', 'col-12 md:col-6') : null}
        <small className="col-12 text-600">{t('aed.contacts.rule')}</small>
      </form>
    </Dialog>
  );
}

/** Contacts (spec §3, §5): who looks after the AED; add, edit, delete. */
export function ContactsSection() {
  const { t } = useIntl();
  const form = AedFormActor.useActorRef();
  const contacts = AedFormActor.useSelector((snapshot) => aedOf(snapshot)?.contacts ?? [], sameJson);
  const readOnly = AedFormActor.useSelector(isDeleted);
  const options = AedFormActor.useSelector(optionsOf, sameJson);
  const [open, setOpen] = useState<ContactDraft | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const typeLabel = (value: string) => options?.contactTypes?.find((option) => option.value === value)?.label ?? t(`aed.contact.type.${value}`);
  return (
    <div className="aed-card" data-testid="section-contacts">
      <div className="flex align-items-center justify-content-between gap-2">
        <h3 className="aed-card__title m-0">{t('aed.form.section.contacts')}</h3>
        <Button type="button" icon="pi pi-user-plus" label={t('aed.contacts.add')} size="small" disabled={readOnly} onClick={() => setOpen({ ...blank })} data-testid="contact-add" />
      </div>
      {contacts.length ? (
        <div className="contact-grid">
          {contacts.map((contact) => (
            <article key={contact.id} className="contact-card" data-testid="contact">
              <header>
                <strong>
                  {contact.firstName} {contact.lastName}
                </strong>
                <span className="contact-card__type">{typeLabel(contact.contactType)}</span>
              </header>
              <div className="text-600 text-sm">{contact.function}</div>
              {contact.phone ? (
                <a href={`tel:${contact.phoneCode ?? ''}${contact.phone}`} className="contact-card__line">
                  <i className="pi pi-phone" aria-hidden /> {contact.phoneCode} {contact.phone}
                </a>
              ) : null}
              {contact.email ? (
                <a href={`mailto:${contact.email}`} className="contact-card__line">
                  <i className="pi pi-envelope" aria-hidden /> {contact.email}
                </a>
              ) : null}
              <footer>
                <Button type="button" icon="pi pi-pencil" rounded text size="small" aria-label={t('aed.contacts.edit')} disabled={readOnly} onClick={() => setOpen(draftOf(contact))} />
                <Button
                  type="button"
                  icon="pi pi-trash"
                  rounded
                  text
                  size="small"
                  severity="danger"
                  aria-label={t('aed.contacts.delete')}
                  disabled={readOnly}
                  onClick={(event) => confirmPopup({ target: event.currentTarget, message: t('aed.contacts.delete-confirm', { name: `${contact.firstName} ${contact.lastName}` }), icon: 'pi pi-trash', acceptClassName: 'p-button-danger', acceptLabel: t('aed.contacts.delete'), rejectLabel: t('aed.common.cancel'), accept: () => form.send({ type: 'contact.delete', id: contact.id }) })}
                />
              </footer>
            </article>
          ))}
        </div>
      ) : (
        <p className="text-600">{t('aed.contacts.none')}</p>
      )}
      <ContactDialog contact={open} onClose={close} />
    </div>
  );
}

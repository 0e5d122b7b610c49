'use client';

import {
  CHAT_API_KEY_MISSING,
  CHAT_REQUEST_FAILED,
  CHAT_WAITING,
  type ChatConfig,
  ChatError,
  readChatConfigForm,
} from '@inkstone/core';
import { useEffect, useRef, useState } from 'react';
import { useAppServices } from '../components/app-context';
import { type DialogProps } from '../components/dialogs/dialog-props';
import { TextField } from '../components/dialogs/text-field';
import { Modal } from '../components/modal';
import { useAppDispatch } from '../store';
import { notified } from '../store/notifications-slice';
import { readChatConfig, writeChatConfig } from './chat-config';
import { streamChat } from './chat-stream';
import './chat-dialogs.css';

type Phase = 'idle' | 'generating' | 'done' | 'error';

// What the dialog holds, kept while ChatGPT configuration is stacked over it (only the top
// dialog is shown, so this one unmounts meanwhile); forgotten when it closes.
const kept = { description: '', result: '' };

/**
 * The chat assistant (spec interface §4 "Chat assistant modal"): a description, Generate, the
 * answer streamed in as it comes ('Waiting for Generation...' until its first words), Stop while
 * it runs (Escape stops it too, without closing), Regenerate and 'OK, Insert' when done, which
 * resolves with the answer for the editor to insert. A failure says 'ChatGPT request to API
 * failed!' (and what the service said) and keeps what had arrived.
 */
export function ChatGptDialog({ resolve, reject }: DialogProps<'chatGpt'>) {
  const { modals } = useAppServices();
  const dispatch = useAppDispatch();
  const [config, setConfig] = useState<ChatConfig | undefined>();
  const [description, setDescription] = useState(kept.description);
  const [result, setResult] = useState(kept.result);
  kept.description = description;
  kept.result = result;
  const close =
    <T,>(then: (value: T) => void) =>
    (value: T) => {
      kept.description = '';
      kept.result = '';
      then(value);
    };
  const [phase, setPhase] = useState<Phase>('idle');
  const [detail, setDetail] = useState('');
  const running = useRef<AbortController | undefined>(undefined);
  const actions = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    readChatConfig()
      .then((read) => live && setConfig(read))
      .catch(() => live && setConfig({ apiKey: '', proxyHost: '' }));
    return () => {
      live = false;
      running.current?.abort();
    };
  }, []);

  const configured = !!config?.apiKey;
  const generating = phase === 'generating';

  // The button pressed goes (Generate becomes Stop, Stop becomes Regenerate): the focus goes to
  // the one in its place, so that the keyboard (Escape to stop) still acts in the dialog.
  useEffect(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    actions.current?.querySelector<HTMLButtonElement>('button:last-child')?.focus();
  }, [phase]);

  const generate = () => {
    if (!config || description.trim() === '') return;
    const controller = new AbortController();
    running.current = controller;
    setResult('');
    setDetail('');
    setPhase('generating');
    streamChat(
      config,
      description,
      (text) => setResult((before) => before + text),
      controller.signal,
    )
      .then(() => setPhase('done'))
      .catch((error: unknown) => {
        if (controller.signal.aborted) {
          setPhase('done');
          return;
        }
        setDetail(error instanceof ChatError ? error.detail : String(error));
        setPhase('error');
        dispatch(notified('error', CHAT_REQUEST_FAILED));
      })
      .finally(() => {
        if (running.current === controller) running.current = undefined;
      });
  };
  const stop = () => running.current?.abort();

  const configure = () => {
    modals
      .open('chatGptConfig')
      .then(setConfig)
      .catch(() => undefined);
  };

  return (
    <Modal
      title="ChatGPT"
      wide
      onCancel={() => (generating ? stop() : close(reject)(undefined))}
      {...(result !== '' && !generating
        ? { onOk: () => close(resolve)(result), okLabel: 'OK, Insert' }
        : {})}
    >
      <div className="form chat-dialog">
        {config && !configured && (
          <p className="chat-dialog__missing" role="status">
            {CHAT_API_KEY_MISSING}
          </p>
        )}
        <label className="form__field">
          <span>Description</span>
          <textarea
            name="description"
            rows={3}
            value={description}
            disabled={generating || !configured}
            placeholder="What should the assistant write?"
            onChange={(event) => setDescription(event.target.value)}
          />
        </label>
        <div className="chat-dialog__actions" ref={actions}>
          <button type="button" className="button" onClick={configure} disabled={generating}>
            Configure apiKey
          </button>
          {generating ? (
            <button type="button" className="button" onClick={stop}>
              Stop
            </button>
          ) : (
            description.trim() !== '' &&
            configured && (
              <button type="button" className="button" onClick={generate}>
                {result !== '' ? 'Regenerate' : 'Generate'}
              </button>
            )
          )}
        </div>
        <div
          className="chat-dialog__result"
          role="region"
          aria-label="Answer"
          aria-busy={generating}
        >
          {generating && result === '' ? <p>{CHAT_WAITING}</p> : <pre>{result}</pre>}
        </div>
        {phase === 'error' && (
          <p className="field-error" role="alert">
            {CHAT_REQUEST_FAILED} {detail}
          </p>
        )}
      </div>
    </Modal>
  );
}

/** The chat assistant's config (spec interface §3, §5): apiKey, required; the proxy address,
 * optional (the official address when empty), its trailing slash removed. Kept in this
 * browser's database. */
export function ChatGptConfigDialog({ resolve, reject }: DialogProps<'chatGptConfig'>) {
  const dispatch = useAppDispatch();
  const [apiKey, setApiKey] = useState('');
  const [proxyHost, setProxyHost] = useState('');
  const [errors, setErrors] = useState<Partial<Record<keyof ChatConfig, string>>>({});
  useEffect(() => {
    let live = true;
    readChatConfig()
      .then((config) => {
        if (!live) return;
        setApiKey(config.apiKey);
        setProxyHost(config.proxyHost);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const ok = () => {
    const read = readChatConfigForm({ apiKey, proxyHost });
    if ('errors' in read) {
      setErrors(read.errors);
      return;
    }
    writeChatConfig(read.config)
      .then(() => resolve(read.config))
      .catch((error: unknown) => {
        console.error(error);
        dispatch(notified('error', 'The configuration could not be kept.'));
      });
  };
  return (
    <Modal title="ChatGPT configuration" onCancel={reject} onOk={ok}>
      <div className="form">
        <TextField
          label="apiKey"
          name="apiKey"
          type="password"
          autoComplete="off"
          value={apiKey}
          required
          error={errors.apiKey}
          onChange={(value) => {
            setApiKey(value);
            setErrors((before) => ({ ...before, apiKey: undefined }));
          }}
        />
        <TextField
          label="Proxy address"
          name="proxyHost"
          placeholder="https://api.openai.com"
          value={proxyHost}
          error={errors.proxyHost}
          onChange={(value) => {
            setProxyHost(value);
            setErrors((before) => ({ ...before, proxyHost: undefined }));
          }}
        />
        <p>
          Any OpenAI-compatible service. The key stays in this browser and is sent only to this
          address.
        </p>
      </div>
    </Modal>
  );
}

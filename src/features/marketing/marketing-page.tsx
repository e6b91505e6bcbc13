import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '../../ui/button';
import { IonCard, IonCardContent, IonCardHeader, IonCardTitle } from '../../ui/ionic/card';
import { Note, Text } from '../../ui/text';
import { Spinner } from '../../ui/spinner';
import { useQuery } from '@tanstack/react-query';
import addOutline from 'ionicons-svg/add-outline.svg?raw';
import copyOutline from 'ionicons-svg/copy-outline.svg?raw';
import documentOutline from 'ionicons-svg/document-outline.svg?raw';
import downloadOutline from 'ionicons-svg/download-outline.svg?raw';
import imageOutline from 'ionicons-svg/image-outline.svg?raw';
import trashOutline from 'ionicons-svg/trash-outline.svg?raw';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MESSAGES } from '@core/i18n-messages';
import { LOGO_MAX_BYTES, type MarketingPost, type MarketingPostInput, MarketingPostInputSchema } from '@core/schemas/account';
import { ApiError } from '../../api/client';
import { useWrite } from '../../api/use-write';
import { useConfirm } from '../../ui/confirm';
import { configQuery } from '../../api/profile';
import { it } from '../../i18n/account';
import { AppPage } from '../../shell/layout';
import { applyServerErrors, FormError, FormSuccess, scrollToFirstError, TextField } from '../../ui/form';
import { TextAreaField } from '../../ui/form-fields';
import { createPost, deletePost, download, postsQuery } from './api/marketing';
import { Icon } from '../../ui/icon';
import { SubmitButton } from '../../ui/form-base';
import { serverUrl } from '../../api/origin';
import { FilePick } from '../../ui/file-pick';

const COPY_FEEDBACK_MS = 1300;
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/** /marketing, 'Materiale pubblicitario' (account spec §2): feature marketing-stuff and the configuration flag. */
export default function MarketingPage() {
  const { data: config } = useQuery(configQuery);
  const enabled = config?.marketingEnabled === true;
  const { data: posts, error } = useQuery({ ...postsQuery, enabled });
  const [creating, setCreating] = useState(false);
  const t = it.marketing;
  return (
    <AppPage title={t.title}>
      <div className="team-head">
        <h1>{t.title}</h1>
        {enabled && !creating && (
          <Button fill="outline" onClick={() => setCreating(true)}>
            <Icon slot="start" icon={addOutline} />
            {t.newPost}
          </Button>
        )}
      </div>
      <p>{t.intro}</p>
      {config && !enabled && <p role="alert">{t.disabled}</p>}
      {creating && <NewPostForm onDone={() => setCreating(false)} />}
      <FormError error={error} />
      {enabled && !posts && !error && <Spinner />}
      {posts?.length === 0 && <p>{t.empty}</p>}
      <div className="marketing-grid">
        {posts?.map((p) => (
          <PostCard key={p.id} post={p} />
        ))}
      </div>
    </AppPage>
  );
}

function PostCard({ post }: { post: MarketingPost }) {
  const t = it.marketing;
  const [copied, setCopied] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const run = (fn: () => Promise<void>) => () => {
    setFailure(null);
    fn().catch(setFailure);
  };
  const copy = run(async () => {
    await navigator.clipboard.writeText(`${post.title}\n\n${post.description}`);
    setCopied(true);
  });
  const first = post.items[0];
  const confirm = useConfirm();
  const removal = useWrite({
    mutationFn: async (_: void, key) => {
      if (await confirm.ask(t.deleteConfirm)) await deletePost(post.id, key);
    },
  });
  return (
    <IonCard className="marketing-card" data-testid="marketing-post">
      {post.items.map((item) => (
        <figure key={item.id} className="marketing-figure">
          <img src={serverUrl(item.image)} alt={post.title} loading="lazy" width={640} height={400} />
          <Button size="small" fill="clear" onClick={run(() => download(item.image_binary, item.image_name))}>
            <Icon slot="start" icon={imageOutline} />
            {t.image}
          </Button>
        </figure>
      ))}
      <IonCardHeader>
        <IonCardTitle>{post.title}</IonCardTitle>
        {post.mine && <Note>{t.mine}</Note>}
      </IonCardHeader>
      <IonCardContent>
        <p className="marketing-text">{post.description}</p>
        <div className="marketing-actions">
          <Button size="small" onClick={copy}>
            <Icon slot="start" icon={copyOutline} />
            {copied ? t.copied : t.copy}
          </Button>
          {first && (
            <Button size="small" fill="outline" onClick={run(() => download(`marketing/posts/${post.id}/attachment`, first.image_name))}>
              <Icon slot="start" icon={downloadOutline} />
              {t.attachment}
            </Button>
          )}
          <Button size="small" fill="outline" onClick={run(() => download(`marketing/posts/${post.id}/pdf`, `${post.title}.pdf`))}>
            <Icon slot="start" icon={documentOutline} />
            {t.pdf}
          </Button>
          {post.can_delete && (
            <Button
              size="small"
              fill="clear"
              color="danger"
              disabled={removal.isPending}
              onClick={() => removal.mutate()}
              aria-label={t.deleteLabel(post.title)}
              data-testid="marketing-delete"
            >
              <Icon slot="start" icon={trashOutline} />
              {t.delete}
            </Button>
          )}
        </div>
        <FormError error={failure ?? removal.error} />
        {confirm.element}
      </IonCardContent>
    </IonCard>
  );
}

function NewPostForm({ onDone }: { onDone: () => void }) {
  const t = it.marketing;
  const form = useForm<MarketingPostInput, unknown, z.output<typeof MarketingPostInputSchema>>({
    resolver: zodResolver(MarketingPostInputSchema),
    defaultValues: { title: '', description: '' },
  });
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const mutation = useWrite({
    mutationFn: (v: MarketingPostInput, key) => createPost(v, files, key),
    onSuccess: onDone,
    onError: (err) => applyServerErrors(err, form.setError),
  });
  const serverFileError = mutation.error instanceof ApiError ? mutation.error.field('images') : undefined;
  const submit = (v: MarketingPostInput) => {
    if (files.length === 0) return setFileError(MESSAGES.fileMissing);
    mutation.mutate(v);
  };
  return (
    <IonCard>
      <IonCardContent>
        <form noValidate onSubmit={form.handleSubmit(submit, scrollToFirstError)}>
          <TextField control={form.control} name="title" label={t.postTitle} maxlength={160} />
          <TextAreaField control={form.control} name="description" label={t.postDescription} maxlength={4000} />
          <FilePick
            button={t.images}
            accept={ACCEPT}
            multiple
            chosen={files.map((f) => f.name)}
            onFiles={(list) => {
              setFiles(list);
              setFileError(
                list.some((f) => !ACCEPT.split(',').includes(f.type))
                  ? MESSAGES.imageOnly
                  : list.some((f) => f.size >= LOGO_MAX_BYTES)
                    ? MESSAGES.imageTooBig
                    : null,
              );
            }}
          />
          {(fileError ?? serverFileError) && (
            <Text color="danger" role="alert">
              <p className="field-error">{fileError ?? serverFileError}</p>
            </Text>
          )}
          <FormError error={mutation.error} />
          <FormSuccess message={mutation.isSuccess ? t.created : null} />
          <SubmitButton disabled={mutation.isPending || Boolean(fileError)}>{t.publish}</SubmitButton>
          <Button fill="clear" onClick={onDone}>
            {it.common.cancel}
          </Button>
        </form>
      </IonCardContent>
    </IonCard>
  );
}

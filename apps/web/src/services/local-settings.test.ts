import { describe, expect, it } from 'vitest';
import { readLocalSettings } from './local-settings';

describe('local settings', () => {
  it('start with the spec defaults', () => {
    expect(readLocalSettings(undefined)).toEqual({
      filePropertiesTab: 'simple',
      htmlExportTemplate: 'styledHtml',
      pdfExportTemplate: 'styledHtml',
      pandocExportFormat: 'pdf',
      githubRepoFullAccess: false,
      gitlabServerUrl: '',
      gitlabApplicationId: '',
      giteaServerUrl: '',
      giteaApplicationId: '',
      bloggerBlogUrl: '',
      googleDriveRestrictedAccess: false,
      googleDriveFolderId: '',
      googleDriveWorkspaceFolderId: '',
      googleDrivePublishFormat: 'markdown',
      dropboxRestrictedAccess: false,
      wordpressDomain: '',
      workspaceImagePath: '/imgs/{YYYY}-{MM}-{DD}',
      imageStorage: '',
    });
  });

  it('read stored values beside other fields of the item', () => {
    const stored = { filePropertiesTab: 'yaml', pandocExportFormat: 'docx', editTheme: 'azure' };
    expect(readLocalSettings(stored)).toMatchObject({
      filePropertiesTab: 'yaml',
      pandocExportFormat: 'docx',
      pdfExportTemplate: 'styledHtml',
    });
  });

  it('ignore damaged or unknown stored values', () => {
    expect(readLocalSettings('yaml').filePropertiesTab).toBe('simple');
    expect(readLocalSettings({ filePropertiesTab: 'other' }).filePropertiesTab).toBe('simple');
    expect(readLocalSettings({ filePropertiesTab: 3 }).filePropertiesTab).toBe('simple');
    expect(readLocalSettings({ githubRepoFullAccess: 'yes' }).githubRepoFullAccess).toBe(false);
    expect(readLocalSettings({ githubRepoFullAccess: true }).githubRepoFullAccess).toBe(true);
    expect(readLocalSettings({ bloggerBlogUrl: 'https://a.blogspot.com/' }).bloggerBlogUrl).toBe(
      'https://a.blogspot.com/',
    );
  });
});

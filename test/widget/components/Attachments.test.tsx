import { screen } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import { Attachments } from '../../../widget/src/components/Attachments'
import { createTestWidget, renderWith } from '../helpers'

describe('<Attachments>', () => {
  it('previews images (thumbnail, described) linking to the full file', () => {
    const { widget } = createTestWidget()
    renderWith(
      widget,
      <Attachments
        attachments={[
          {
            id: 1,
            file_type: 'image',
            data_url: 'https://files.test/a/photo.png',
            thumb_url: 'https://files.test/a/thumb.png',
          },
        ]}
      />,
    )
    const image = screen.getByRole('img', { name: 'Image photo.png' })
    expect(image.getAttribute('src')).toBe('https://files.test/a/thumb.png')
    expect(image.closest('a')?.getAttribute('href')).toBe('https://files.test/a/photo.png')
  })

  it('offers other files as named downloads, and plays audio and video', () => {
    const { widget } = createTestWidget()
    renderWith(
      widget,
      <Attachments
        attachments={[
          { id: 1, file_type: 'file', data_url: 'https://files.test/a/invoice%20may.pdf' },
          { id: 2, file_type: 'audio', data_url: 'https://files.test/a/note.mp3' },
          { id: 3, file_type: 'video', data_url: 'https://files.test/a/demo.mp4' },
        ]}
      />,
    )
    expect(screen.getByRole('link', { name: 'Download invoice may.pdf' })).toBeTruthy()
    expect(document.querySelector('audio')?.getAttribute('src')).toBe(
      'https://files.test/a/note.mp3',
    )
    expect(document.querySelector('video')?.hasAttribute('controls')).toBe(true)
  })

  it('drops links that are not http(s)', () => {
    const { widget } = createTestWidget()
    renderWith(
      widget,
      <Attachments attachments={[{ id: 1, file_type: 'file', data_url: 'javascript:alert(1)' }]} />,
    )
    expect(screen.queryByRole('link')).toBeNull()
  })

  it('lists files still being sent by name (no blob: previews, which a strict CSP blocks)', () => {
    const { widget } = createTestWidget()
    renderWith(
      widget,
      <Attachments files={[new File(['x'], 'scan.jpg', { type: 'image/jpeg' })]} />,
    )
    expect(screen.getByText('scan.jpg')).toBeTruthy()
    expect(document.querySelector('img')).toBeNull()
  })
})

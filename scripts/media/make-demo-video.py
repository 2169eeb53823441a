#!/usr/bin/env python3
"""Regenerates public/media/demo-leksjon.{mp4,vtt}: a 28-second Norwegian sample lesson
narrated by espeak-ng, with WebVTT captions (one cue per sentence).
Needs Debian packages ffmpeg, espeak-ng and fonts-dejavu-core. Run: python3 scripts/media/make-demo-video.py"""
import os; os.makedirs("/tmp/vid", exist_ok=True); os.chdir("/tmp/vid")
sentences = [
  "Velkommen til KI Akademiet.",
  "Dette er en kort demoleksjon.",
  "I leksjonene lærer du å bruke kunstig intelligens på en trygg og praktisk måte.",
  "Ta gjerne notater underveis. Notatene får et tidsstempel, så du finner tilbake til riktig sted i videoen.",
  "Når du har sett hele videoen, kan du markere leksjonen som fullført.",
]
t = 0.6
cues = []
files = []
for i, s in enumerate(sentences):
    f = f"s{i}.wav"
    subprocess.run(["espeak-ng", "-v", "nb", "-s", "150", "-w", f, s], check=True)
    with contextlib.closing(wave.open(f)) as w:
        d = w.getnframes() / w.getframerate()
    cues.append((t, t + d, s))
    files.append((f, t))
    t += d + 0.5
total = t + 0.6
def ts(x):
    h = int(x // 3600); m = int(x % 3600 // 60); s = x % 60
    return f"{h:02d}:{m:02d}:{s:06.3f}"
with open("demo-leksjon.vtt", "w") as v:
    v.write("WEBVTT\n\n")
    for i, (a, b, s) in enumerate(cues, 1):
        v.write(f"{i}\n{ts(a)} --> {ts(b)}\n{s}\n\n")


inputs = []; filters = []
for i, (f, start) in enumerate(files):
    inputs += ['-i', f]
    filters.append(f"[{i}:a]adelay={int(start*1000)}|{int(start*1000)}[a{i}]")
mix = ''.join(f"[a{i}]" for i in range(len(files))) + f"amix=inputs={len(files)}:normalize=0,apad,atrim=0:{total:.2f}[aout]"
subprocess.run(['ffmpeg', '-y', '-loglevel', 'error', *inputs, '-filter_complex', ';'.join(filters) + ';' + mix,
                '-map', '[aout]', '-ac', '1', '-ar', '44100', 'voice.wav'], check=True)
bold = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'
regular = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'
vf = (f"drawtext=fontfile={bold}:text='KI Akademiet':fontcolor=white:fontsize=44:x=(w-text_w)/2:y=h/2-60,"
      f"drawtext=fontfile={regular}:text='Demoleksjon':fontcolor=0xdbe7ff:fontsize=26:x=(w-text_w)/2:y=h/2+5")
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'public', 'media')
subprocess.run(['ffmpeg', '-y', '-loglevel', 'error', '-f', 'lavfi', '-i', f"color=c=0x1c3fa0:s=640x360:r=15:d={total:.2f}",
                '-i', 'voice.wav', '-vf', vf, '-c:v', 'libx264', '-profile:v', 'baseline', '-pix_fmt', 'yuv420p',
                '-crf', '30', '-preset', 'slow', '-c:a', 'aac', '-b:a', '48k', '-movflags', '+faststart', '-shortest',
                os.path.join(out, 'demo-leksjon.mp4')], check=True)
os.replace('demo-leksjon.vtt', os.path.join(out, 'demo-leksjon.vtt'))

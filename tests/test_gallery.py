"""``guigym apps gallery``: phone apps in the phone shell, the desktop web apps in the desktop shell."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops

from tests.conftest import requires_chromium
from toolkit.gallery import app_gallery, device_apps

PAD, HEAD, FOOT = 16, 36, 20  # the sheet's margins around one row of screenshots (toolkit.gallery._sheet)


def _shots(path, width: int, height: int) -> int:
    """Return how many screenshots of ``width`` × ``height`` the sheet at ``path`` holds (failing on another size)."""
    sheet = Image.open(path)
    assert sheet.height == height + HEAD + PAD + FOOT, (path.name, sheet.size)
    count, rest = divmod(sheet.width - PAD, width + PAD)
    assert rest == 0, (path.name, sheet.size)
    return count


def test_every_built_app_is_on_one_shell():
    placed = device_apps()
    assert {"teamchat", "tracker"} <= set(placed["desktop"]) and "contacts" in placed["phone"]
    assert "answersheet" in placed["phone"] and "answersheet" not in placed["desktop"]  # on both: shot on the phone


async def test_an_unknown_app_names_each_shell_s_apps(tmp_path):
    with pytest.raises(ValueError, match=r"no app 'nope'; the phone has contacts.*; the desktop has teamchat, tracker"):
        await app_gallery(tmp_path / "g", ["teamchat", "nope"])
    assert not (tmp_path / "g").exists()


async def test_one_app_given_as_a_string_is_that_app_and_an_empty_list_is_refused(tmp_path):
    """apps="nope" was read letter by letter ("no app 'n', 'o', 'p', 'e'"), and apps=[] wrote nothing and returned []."""
    with pytest.raises(ValueError, match=r"^no app 'nope'; the phone has"):
        await app_gallery(tmp_path / "g", "nope")
    with pytest.raises(ValueError, match=r"apps: an empty list names no app; leave it out \(None\) for every app"):
        await app_gallery(tmp_path / "g", [])
    assert not (tmp_path / "g").exists()
    (tmp_path / "f").write_text("")  # an out_dir that is a file was a bare "[Errno 17] File exists"
    with pytest.raises(ValueError, match=rf"argument 'out_dir': {tmp_path / 'f'} is a file; expected a folder for the"):
        await app_gallery(tmp_path / "f", "contacts")


async def test_a_bad_scale_or_apps_argument_is_refused_before_the_folder_is_made(tmp_path):
    """scale=0 was refused only after the out folder was made (an empty folder left behind), and apps=3 was
    "'int' object is not iterable"."""
    for scale in (0, -1.0, float("nan"), "2"):
        with pytest.raises(ValueError, match=rf"scale must be a finite number above 0 .* got {scale!r}"):
            await app_gallery(tmp_path / "g", "contacts", scale=scale)
    for apps in (3, {"contacts"}, ["contacts", None]):
        with pytest.raises(TypeError, match=r"argument 'apps': an app name, a list of app names or None"):
            await app_gallery(tmp_path / "g", apps)
    assert not (tmp_path / "g").exists()


@requires_chromium
async def test_desktop_web_apps_are_shot_in_the_desktop_shell(tmp_path):
    paths = await app_gallery(tmp_path, ["tracker", "contacts", "teamchat"])
    assert [p.name for p in paths] == ["contacts.png", "phone.png", "tracker.png", "teamchat.png", "desktop.png"]
    assert _shots(tmp_path / "contacts.png", 360, 800) >= 2  # the phone at scale 1
    # home, its other sections (tracker: backlog and sprints; teamchat: mentions and browse), an item opened
    assert _shots(tmp_path / "tracker.png", 1280, 800) == 4
    assert _shots(tmp_path / "teamchat.png", 1280, 800) == 4
    assert _shots(tmp_path / "desktop.png", 1280, 800) == 3  # the start page, then each app's home
    for app in ("teamchat", "tracker"):  # four different screens (the tracker's item: an issue opened, not a card selected)
        sheet = Image.open(tmp_path / f"{app}.png").convert("RGB")
        frames = [sheet.crop((PAD + i * (1280 + PAD), HEAD, PAD + i * (1280 + PAD) + 1280, HEAD + 800)) for i in range(4)]
        assert len({f.tobytes() for f in frames}) == 4, app
        if app == "tracker":  # its item frame is the issue opened, not the board with one card outlined
            diff = ImageChops.difference(frames[0], frames[3]).convert("L").point(lambda v: 255 if v else 0)
            changed = diff.histogram()[255] / (1280 * 800)
            assert changed > 0.3, changed  # 0.48 opened, 0.19 with the card only selected

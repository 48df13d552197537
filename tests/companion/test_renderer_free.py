"""The companion plays what card_data says without the generator's renderers: no reportlab, no Pillow."""

from __future__ import annotations

import subprocess
import sys


def test_companion_imports_neither_reportlab_nor_pillow(tmp_path):
    code = (
        "import sys\n"
        "from companion import create_app\n"
        f"app = create_app({{'DATABASE_URL': 'sqlite:///{tmp_path / 'c.db'}', 'SECRET_KEY': 'x'}})\n"
        "client = app.test_client()\n"
        "for slug in ('unyielding_universe', 'unfair_chko', 'emigration', 'unsettled_immigration', "
        "'unsettled_survival'):\n"
        "    game = client.post('/api/games', json={'slug': slug, 'players': ['A', 'B']}).get_json()\n"
        "    for page in (f'/games/{game[\"id\"]}', f'/games/{game[\"id\"]}/summary', f'/library/{slug}/rulebook',\n"
        "                 f'/library/{slug}/cards'):\n"
        "        assert client.get(page).status_code == 200, page\n"
        "assert client.post('/qr', data='http://127.0.0.1/games/x#key=y').status_code == 200\n"
        "assert client.get('/api/openapi.json').status_code == 200\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in ('reportlab', 'PIL'))))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""

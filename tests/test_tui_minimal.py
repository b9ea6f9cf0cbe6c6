from overlord.tui.app import OverlordApp


async def test_the_first_questions_are_answered_with_keys():
    app = OverlordApp(seed=1)
    async with app.run_test() as pilot:
        assert app.game.prompt.kind == "QuestionPrompt"
        await pilot.press("n")
        assert app.game.prompt.kind == "DropZonePrompt"
        await pilot.press("y", "y", "y")
        assert app.game.prompt.kind == "AllocationPrompt"
